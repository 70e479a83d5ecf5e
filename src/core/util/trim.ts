// Loops instead of `/[…]+$/` and `/[…].*$/`: those patterns restart at each character of a long
// run that is not at the end, which is quadratic in the run's length.

/** `text` without the characters of `chars` at its end (`trimEndOf(url, '/')`). */
export function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1])) end--;
  return text.slice(0, end);
}

/** `text` up to the first of the characters of `chars` (`beforeFirstOf(url, '?#')`). */
export function beforeFirstOf(text: string, chars: string): string {
  for (let i = 0; i < text.length; i++) {
    if (chars.includes(text[i])) return text.slice(0, i);
  }
  return text;
}

/** Each run of white space that holds a line break as one space: the text on one line. */
export function onOneLine(text: string): string {
  return /[\r\n]/.test(text) ? text.replace(/\s+/g, (run) => (/[\r\n]/.test(run) ? ' ' : run)) : text;
}
