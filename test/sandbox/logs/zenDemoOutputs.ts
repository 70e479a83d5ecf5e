// zen-demo's `zensical build` output, reconstructed (test/fixtures/zensical-demo/README.md): the
// issues its sources really have, each drawn as an ariadne report the way Zensical 0.0.57 prints
// them (FACTS.md §27), colours included.

import { ZEN_DEMO_SOURCES } from '../seed/zenDemo';

const ESC = '\u001b[';
const YELLOW = `${ESC}33m`;
const GREY = `${ESC}38;5;246m`;
const QUOTED = `${ESC}38;5;249m`;
const RESET = `${ESC}0m`;

interface Issue {
  readonly message: string;
  /** Relative to docs_dir. */
  readonly page: string;
  readonly line: number;
  /** The text the span covers, found on that line. */
  readonly span: string;
}

/** What zen-demo's pages hold that Zensical reports (in the order it reads the pages). */
const ISSUES: readonly Issue[] = [
  { message: 'page does not exist', page: 'index.md', line: 7, span: 'changelog.md' },
  { message: 'unused link definition', page: 'index.md', line: 9, span: '[unused]: https://zensical.org/' },
  { message: 'unresolved autoref', page: 'guide/getting started.md', line: 7, span: 'zen_demo.core.whisper' },
  { message: 'anchor does not exist', page: 'guide/getting started.md', line: 9, span: '#naive-setup' },
];

/**
 * One ariadne report (ariadne 0.5 as Zensical configures it): the header, the location box with
 * the column counted in characters, the quoted line with every character in its own colour
 * escape, the span underlined and labelled.
 */
export function ariadneReport({ message, page, line, span }: Issue): string {
  const text = ZEN_DEMO_SOURCES[`docs/${page}`]!.split('\n')[line - 1]!;
  const at = text.indexOf(span);
  if (at < 0) throw new Error(`${page}:${line} does not say ${span}`);
  const column = [...text.slice(0, at)].length + 1;
  const width = [...span].length;
  const half = Math.floor((width - 1) / 2);
  const gutter = ' '.repeat(String(line).length + 2);
  const bar = `${GREY}│${RESET}`;
  return [
    `${YELLOW}Warning:${RESET} ${message}`,
    `${gutter}${GREY}╭─[${RESET} ${page}:${line}:${column} ${GREY}]${RESET}`,
    `${gutter}${bar}`,
    ` ${GREY}${line} │${RESET} ${[...text].map((c) => `${QUOTED}${c}${RESET}`).join('')}`,
    `${gutter}${bar} ${' '.repeat(column - 1)}${YELLOW}${'─'.repeat(half)}┬${'─'.repeat(width - half - 1)}${RESET}`,
    `${gutter}${bar} ${' '.repeat(column - 1 + half)}${YELLOW}╰──────${RESET} ${message}`,
    `${GREY}${'─'.repeat(String(line).length + 2)}╯${RESET}`,
  ].join('\n');
}

/** `zensical build [--strict]` of zen-demo: griffe's warning, the reports, the count, then the end. */
export function zenDemoOutput(strict: boolean): string {
  const lines = [
    'Build started',
    "griffe: zen_demo/core.py:29: No type or annotation for parameter 'text'",
    ...ISSUES.map(ariadneReport),
    'unresolved autoref `zen_demo.core.yell` in api.md',
    `${ISSUES.length + 1} issues found`,
    strict ? 'Aborted because --strict flag is set' : 'Build finished in 0.42s',
  ];
  return `${lines.join('\n')}\n`;
}
