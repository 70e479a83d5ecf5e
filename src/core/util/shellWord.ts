/** A path or argument as one POSIX shell word: plain when it is only safe characters, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
