/** `programming_language` choices (`PROGRAMMING_LANGUAGES`, `rtd:readthedocs/projects/constants.py`); default `words`. */
import type { Choice } from './choice';

export const DEFAULT_PROGRAMMING_LANGUAGE = 'words';

export const PROGRAMMING_LANGUAGES: readonly Choice[] = [
  { code: 'words', name: 'Only Words' },
  { code: 'py', name: 'Python' },
  { code: 'js', name: 'JavaScript' },
  { code: 'php', name: 'PHP' },
  { code: 'ruby', name: 'Ruby' },
  { code: 'perl', name: 'Perl' },
  { code: 'java', name: 'Java' },
  { code: 'go', name: 'Go' },
  { code: 'julia', name: 'Julia' },
  { code: 'c', name: 'C' },
  { code: 'csharp', name: 'C#' },
  { code: 'cpp', name: 'C++' },
  { code: 'objc', name: 'Objective-C' },
  { code: 'css', name: 'CSS' },
  { code: 'ts', name: 'TypeScript' },
  { code: 'swift', name: 'Swift' },
  { code: 'vb', name: 'Visual Basic' },
  { code: 'r', name: 'R' },
  { code: 'scala', name: 'Scala' },
  { code: 'groovy', name: 'Groovy' },
  { code: 'coffee', name: 'CoffeeScript' },
  { code: 'lua', name: 'Lua' },
  { code: 'haskell', name: 'Haskell' },
  { code: 'other', name: 'Other' },
];
