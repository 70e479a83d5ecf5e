/**
 * MkDocs' own messages and those of the plugins Read the Docs projects use with it, each with the
 * file it is about and the text to look for there when it names no line. Formats (read in the
 * upstream sources; the 1.4 / 0.4 / 0.20 / 0.25 lines are also in a real build's output,
 * test/sandbox/logs/mkDemoOutputs.ts):
 *
 * - level prefix: `f'{levelname:<8}-  '` (mkdocs/__main__.py ColorFormatter; 1.4 padded `WARNING  -  `,
 *   1.5+ `WARNING -  `), coloured by click.style even with NO_COLOR.
 * - links (mkdocs/structure/pages.py): 1.4 `Documentation file 'a.md' contains a link to 'b.md' which is
 *   not found in the documentation files.`; 1.5 `Doc file 'a.md' contains a relative link 'b.md', but the
 *   target is not found among documentation files.`; 1.6 `… contains a link 'b.md', but the target 'b.md' is
 *   not found …`, `… but the doc 'b.md' does not contain an anchor '#x'.`, `… contains an unrecognized
 *   relative link 'x/', it was left as is.`, `… contains an absolute link '/x', it was left as is.`,
 *   `… contains a link to 'b.md' which is excluded from the built site.`
 * - nav (mkdocs/structure/nav.py): 1.4 `A relative path to 'faq.md' is included in the 'nav'
 *   configuration, which is not found …`; 1.5+ `A reference to 'faq.md' …`, `An absolute path to '/x' …`.
 * - config: `Config value 'key': …` (mkdocs/config/base.py).
 * - errors while rendering a page (mkdocs/commands/build.py `_populate_page`): `Error reading page 'a.md':`
 *   (1.4: the reason follows as the next ERROR line) or `Error reading page 'a.md': <reason>`.
 * - mkdocs-autorefs (plugin.py): 0.4 `mkdocs_autorefs.plugin: a.md: Could not find cross-reference target
 *   '[id]'`; 1.x (mkdocs 1.5 get_plugin_logger) `mkdocs_autorefs: a.md: Could not find cross-reference
 *   target 'id'`; 1.2+ with the reference's context `mkdocs_autorefs: a.md: from /path/mod.py:12: (mod.obj)
 *   Could not find cross-reference target 'id'`. No line: a reference in a docstring is blamed on the page
 *   rendering it (`::: mod`).
 * - griffe (docstrings/utils.py `warn`): `griffe: pkg/mod.py:29: <message>`: the object's
 *   `relative_filepath`, relative to the folder it was found in (mkdocstrings' handler `paths`, default
 *   the config's folder), the line in the file; `<module>` when unknown.
 * - mkdocstrings (extension.py, handler CollectionError): `mkdocstrings: mod.missing could not be found`,
 *   then `Error reading page 'a.md':` and `Could not collect 'mod.missing'`.
 */
import { type LogProblem, type ProblemBase, type ProblemSeverity } from './logProblem';
import { beforeFirstOf } from '../util/trim';

interface Located { readonly pattern: RegExp; readonly base: ProblemBase; readonly code: string }

const LOCATED: readonly Located[] = [
  // 1.5+: Doc file 'index.md' contains a (relative) link 'x.md', but …; an unrecognized relative / absolute link; a link to 'x' which is excluded.
  { pattern: /^Doc file '(?<file>[^']+)' contains (?:a|a relative|an unrecognized relative|an absolute) link (?:to )?'(?<target>[^']+)'/, base: 'mkdocsDocs', code: 'mkdocs.links' },
  // 1.4 and earlier: Documentation file 'index.md' contains a link to 'x.md' which is not found in the documentation files.
  { pattern: /^Documentation file '(?<file>[^']+)' contains a link to '(?<target>[^']+)'/, base: 'mkdocsDocs', code: 'mkdocs.links' },
  // A reference / relative path / absolute path to 'x.md' is included in the 'nav' configuration, …
  { pattern: /^An? (?:reference|relative path|absolute path) to '(?<target>[^']+)' is included in the 'nav' configuration/, base: 'mkdocsConfig', code: 'mkdocs.nav' },
  // Config value 'markdown_extension': Unrecognised configuration name: markdown_extension
  { pattern: /^Config value '(?<target>[^']+)'/, base: 'mkdocsConfig', code: 'mkdocs.config' },
];

// mkdocs-autorefs, every version: `<logger>: <page>: [from <file>:<line>: (<origin>) ]Could not find cross-reference target '<id>'`
const AUTOREFS = /^mkdocs_autorefs(?:\.plugin)?: (?<page>[^:]+): (?:from (?<from>.+?):(?<line>\d+): \([^)]*\) )?Could not find cross-reference target '(?<target>.*)'$/;
// griffe: `griffe: <path>:<line>: <message>`
const GRIFFE = /^griffe: (?<file>[^:]+?\.py):(?<line>\d+): .*$/;
const ERROR_READING_PAGE = /^Error reading page '(?<page>[^']+)':(?: (?<msg>.*))?$/;
const COLLECTION = /^(?:mkdocstrings: (?<missing>\S+) could not be found|Could not collect '(?<collect>[^']+)')/;

export function mkdocsProblem(severity: ProblemSeverity, message: string, commandId: number): LogProblem {
  for (const { pattern, base, code } of LOCATED) {
    const match = pattern.exec(message);
    if (!match?.groups) continue;
    const target = match.groups.target;
    const bareTarget = beforeFirstOf(target, '#');
    const locate = [...new Set([target, bareTarget, bareTarget.split('/').pop() ?? bareTarget].filter(Boolean))];
    return {
      severity, message, code, tool: 'mkdocs', path: match.groups.file ?? 'mkdocs.yml', base, line: undefined,
      locate: code === 'mkdocs.config' ? [`${target}:`, target] : locate, commandId,
    };
  }
  const autorefs = AUTOREFS.exec(message)?.groups;
  if (autorefs) {
    // 0.4 printed the identifier in brackets.
    const id = /^\[(.*)\]$/.exec(autorefs.target)?.[1] ?? autorefs.target;
    const locate = [`[${id}]`, `[\`${id}\`]`, id];
    const common = { severity, message, code: 'autorefs', tool: 'mkdocs' as const, locate, commandId };
    return autorefs.from
      ? { ...common, path: autorefs.from, base: 'python', line: Number(autorefs.line) }
      : { ...common, path: autorefs.page, base: 'mkdocsDocs', line: undefined, rendersPython: true };
  }
  const griffe = GRIFFE.exec(message)?.groups;
  if (griffe) return { severity, message, code: 'griffe', tool: 'mkdocs', path: griffe.file, base: 'python', line: Number(griffe.line), commandId };
  const page = ERROR_READING_PAGE.exec(message)?.groups;
  if (page) {
    const collected = COLLECTION.exec(page.msg ?? '')?.groups;
    return {
      severity, message, code: 'mkdocs.page', tool: 'mkdocs', path: page.page, base: 'mkdocsDocs', line: undefined,
      ...(collected ? { locate: renderLines(collected.missing ?? collected.collect) } : {}), commandId,
    };
  }
  const collection = COLLECTION.exec(message)?.groups;
  const code = collection ? 'mkdocstrings' : 'mkdocs';
  return { severity, message, code, tool: 'mkdocs', path: undefined, base: 'mkdocsDocs', line: undefined, commandId };
}

/**
 * mkdocstrings' errors name no page: the `Error reading page 'a.md':` line next to them does. Each
 * takes that page (found at its `::: id` line), and that bare line goes.
 */
export function attachPages(problems: readonly LogProblem[]): LogProblem[] {
  const list = [...problems];
  for (let i = 0; i < list.length; i += 1) {
    const header = list[i]!;
    if (header.code !== 'mkdocs.page' || header.locate) continue;
    let attached = false;
    for (const j of [i - 1, i + 1]) {
      const other = list[j];
      const collection = other?.code === 'mkdocstrings' && other.path === undefined ? COLLECTION.exec(other.message)?.groups : undefined;
      if (!other || !collection) continue;
      list[j] = { ...other, path: header.path, locate: renderLines(collection.missing ?? collection.collect!) };
      attached = true;
    }
    if (attached) list.splice(i--, 1);
  }
  return list;
}

/** `::: mod.obj` (and with its options block) where a page renders the object. */
function renderLines(identifier: string): string[] {
  return [`::: ${identifier}`, identifier];
}
