/** A command line as Read the Docs stores it, in words. */
export function commandWords(command: string): string[] {
  return command.split(' ').filter(Boolean);
}

/**
 * `python -m <module> …` (or `-m<module>`, glued, as `python -mvirtualenv`): the module and the
 * words after it; undefined for anything else.
 */
export function pythonModule(parts: readonly string[]): { module: string; rest: readonly string[] } | undefined {
  const [first, second, third] = parts;
  if (first === undefined || !/^python(?:\d+(?:\.\d+)?)?$/.test(first)) return undefined;
  const module = second === '-m' ? third : second?.startsWith('-m') ? second.slice(2) : undefined;
  return module ? { module, rest: parts.slice(second === '-m' ? 3 : 2) } : undefined;
}
