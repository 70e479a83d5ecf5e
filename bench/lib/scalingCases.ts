// Every editor-facing entry point, called as its VS Code provider or reader calls core, each with
// the hostile inputs that apply to it. The one file that names core's signatures for the scaling
// suite (bench/lib/scaling.ts runs it): when a signature changes, only a call here changes.
// Inputs are made from a size or a count, never read from files, so a smaller cap still gets them.

import { embedSectionOf } from '../../src/core/html/embedSection';
import { SectionHoverCache } from '../../src/core/embed/hoverContent';
import { BODY_LIMITS } from '../../src/core/api/bodyLimits';
import { parseSharingMethod } from '../../src/core/models/sharingMethod';
import { present } from '../../src/core/tree/presentNode';
import { rowNode } from '../../src/core/tree/nodes';
import { configsToRead, layoutFromConfig } from '../../src/core/docsLayout/buildTools';
import { type DocsLayout, layoutFromMkdocs } from '../../src/core/docsLayout/layout';
import { MAX_MKDOCS_YAML_CHARS, readMkdocsYaml } from '../../src/core/docsLayout/mkdocsYaml';
import { DocHostMatcher } from '../../src/core/embed/docHosts';
import { EmbedService } from '../../src/core/embed/embedService';
import { webUrlAt } from '../../src/core/embed/linkAt';
import { completionsFor } from '../../src/core/inventory/complete';
import { completionInventories } from '../../src/core/inventory/completionScope';
import { InventoryIndex } from '../../src/core/inventory/inventoryIndex';
import { mkdocsInventoriesOf } from '../../src/core/inventory/mkdocsInventories';
import { MAX_ZENSICAL_TOML_CHARS, layoutFromZensical } from '../../src/core/docsLayout/zensical';
import { type InventoryEntry } from '../../src/core/inventory/parse';
import { pageLinkAt, publishedPageUrl } from '../../src/core/inventory/pageLinks';
import { authoringLanguage } from '../../src/core/inventory/authoringLanguage';
import { type AuthoringLanguage, type DocumentText, dialectsOf, documentReferenceAt, referenceAt, referenceForCompletion } from '../../src/core/inventory/referenceAt';
import { referenceHints } from '../../src/core/inventory/referenceHints';
import { referenceLinks } from '../../src/core/inventory/referenceLinks';
import { type InventorySet, isCrossReferenceRole, resolveReference } from '../../src/core/inventory/resolve';
import { type LogCommand, type BuildLog } from '../../src/core/models/buildLog';
import { toolDirectories } from '../../src/core/logs/paths';
import { type ProblemFiles, placeProblem } from '../../src/core/logs/place';
import { findProblems } from '../../src/core/logs/problems';
import { renderBuildLog } from '../../src/core/logs/render';
import { MAX_CONFIG_CHARS } from '../../src/core/docsLayout/configYaml';
import { configKeySpan } from '../../src/core/readthedocsYaml/configKeyRange';
import { addFormatEdit, checkConfig, parseConfig, valueSpan } from '../../src/core/readthedocsYaml/checkConfig';
import { firstConfig } from '../../src/core/readthedocsYaml/firstConfig';
import { checkedPaths } from '../../src/core/readthedocsYaml/serverRules';
import { deletionsWithoutRedirect } from '../../src/core/pulls/deletedPages';
import { checkRedirectsFile } from '../../src/core/redirects/checkFile';
import { parseRedirectsFile } from '../../src/core/redirects/fileFormat';
import { RULE_DEFAULTS, type RedirectRule } from '../../src/core/redirects/rule';
import { parseGitRemotes } from '../../src/core/workspace/gitConfig';
import { remoteUrlsOf } from '../../src/core/workspace/gitDirectory';
import { remoteUrlToImport } from '../../src/core/workspace/match';
import { type CapCase, type ScalingCase } from './scalingCase';
import { SERVER_DATA_CAP_CASES, SERVER_DATA_SCALING_CASES } from './serverDataCases';
import { MAX_FOLDER_DEPTH } from '../../src/core/upload/artifacts';
import { deepSite, flatSite, folderLinksSite, listedEntries, longEntryNames, longNamedSite, preflight, preflightAndZip, sectionedSite, zipListing } from './uploadScaling';

const KB = 1024;
const MB = 1024 * KB;
/** `.readthedocs.yaml`: the cap `parseConfig`, `configKeySpan` and `findConfigFile` apply. */
const CONFIG_CAP = MAX_CONFIG_CHARS;
/** `mkdocs.yml`: the cap its reader and `docsLayoutOf` apply. */
const MKDOCS_CAP = MAX_MKDOCS_YAML_CHARS;
/** The cap every folder file shared before each YAML kind had its own (`FOLDER_FILE_MAX_BYTES`, src/vscode/folderFiles.ts). */
const FOLDER_FILE_CAP = 10 * MB;

let reads = 0;
/**
 * `text` as a new string each call: the folder's YAML reader keeps the reading of the last few
 * texts (the rules, the quick fixes and the layout share one), and a case measures the reading.
 */
const fresh = (text: string) => `${text}# ${++reads}\n`;

// ---------------------------------------------------------------------------------------------
// What the providers get: a document, a position, the document's inventories.

interface Doc {
  readonly lines: readonly string[];
  readonly language: AuthoringLanguage;
  /** The position asked for (hover, completion). */
  readonly line: number;
  readonly character: number;
}

const textOf = (doc: Doc): DocumentText => ({ lineAt: (line) => doc.lines[line]!, lineCount: doc.lines.length });
/** A document whose position is the end of its last line (where the person types). */
const docOf = (lines: readonly string[], language: AuthoringLanguage): Doc => ({ lines, language, line: lines.length - 1, character: lines[lines.length - 1]!.length });

/** The project's own inventory: `count` labels and `count` Python functions (autorefs identifiers). */
function inventoryOf(count: number): InventoryIndex {
  const entries: InventoryEntry[] = [];
  for (let i = 0; i < count; i++) {
    entries.push({ name: `section-${i}`, domain: 'std', type: 'label', priority: -1, uri: `guide/p${i % 50}.html#$`, displayName: `Section ${i}` });
    entries.push({ name: `pkg.mod.f${i}`, domain: 'py', type: 'function', priority: 1, uri: `api.html#$`, displayName: `pkg.mod.f${i}` });
  }
  return new InventoryIndex({ project: 'Bench', version: '1', entries }, 'https://bench.readthedocs.io/en/latest/');
}
const OWN = inventoryOf(2_000);
const SET: InventorySet = { own: OWN, named: new Map() };
const LAYOUT: DocsLayout = { tool: 'mkdocs', root: 'docs', directoryUrls: true, configFile: 'mkdocs.yml', pythonPaths: [''] };

const embed = new EmbedService({ matcher: new DocHostMatcher(), fetchSection: () => Promise.reject(new Error('no request in the bench')), cacheMinutes: () => 0 });

/** EmbedHoverProvider: the docs link under the pointer, and whether the pointer is on any web URL. */
function docsLinkHover(doc: Doc): unknown {
  const line = doc.lines[doc.line]!;
  return [embed.linkAt(line, doc.character), webUrlAt(line, doc.character)];
}

/** A page Zensical Studio maps to `python-markdown`, in a Zensical layout: read as the providers read it. */
const zensicalStudioPage = (doc: Doc): Doc => ({ ...doc, language: authoringLanguage('python-markdown', new Set(['python-markdown']), true)! });

/** ReferenceHoverProvider: the quick look (page link, references under the pointer), then the document's reference and its resolution. */
function referenceHover(doc: Doc, set: InventorySet = SET): unknown {
  const line = doc.lines[doc.line]!;
  const vscodeLanguage = doc.language === 'mkdocs' ? 'markdown' : doc.language;
  const pageLink = vscodeLanguage === 'markdown' ? pageLinkAt(line, doc.character) : undefined;
  if (!pageLink && !dialectsOf(vscodeLanguage).some((dialect) => isCrossReferenceRole(referenceAt(line, doc.character, dialect)?.role ?? ''))) return undefined;
  const reference = documentReferenceAt(textOf(doc), doc.line, doc.character, doc.language);
  if (pageLink && !reference) return publishedPageUrl(pageLink, 'docs/index.md', LAYOUT, 'https://bench.readthedocs.io/en/latest/');
  return reference && resolveReference(reference, set, 'index');
}

/** ReferenceCompletionProvider: the reference being typed, then its targets from the offered inventories. */
function completion(doc: Doc, set: InventorySet = SET): unknown {
  const line = doc.lines[doc.line]!;
  const vscodeLanguage = doc.language === 'mkdocs' ? 'markdown' : doc.language;
  if (!dialectsOf(vscodeLanguage).some((dialect) => isCrossReferenceRole(referenceForCompletion(line, doc.character, dialect)?.role ?? ''))) return undefined;
  const reference = documentReferenceAt(textOf(doc), doc.line, doc.character, doc.language, true);
  const offered = completionInventories(set, 'auto', false);
  if (!reference || !offered) return undefined;
  return completionsFor(reference, line.slice(reference.targetStart, doc.character), offered, 'index');
}

/** ReferenceLinkProvider: every reference of the document, resolved. */
function documentLinks(doc: Doc): number {
  return referenceLinks(textOf(doc), doc.language, SET, 'index').length;
}

/** ReferenceDiagnostics: the hints of the document. */
const hints = (doc: Doc) => referenceHints(textOf(doc).lineAt, doc.lines.length, doc.language, SET, 'index');

// Documents: each shape as a generator of its lines.
const repeatTo = (unit: string, chars: number) => unit.repeat(Math.max(1, Math.floor(chars / unit.length)));
/** One long line of prose with a docs link and a reference at its end. */
const longProse = (chars: number, language: AuthoringLanguage) =>
  docOf([`${repeatTo('Some words of prose, ', chars)} see https://bench.readthedocs.io/en/latest/guide.html and ${language === 'restructuredtext' ? ':ref:`section-1`' : language === 'mkdocs' ? '[f][pkg.mod.f1]' : '{ref}`section-1`'}`], language);
/** A Markdown line of candidates for a relative page link that never close: `](a](a](a…`. */
const openPageLinks = (chars: number) => docOf([`${repeatTo('](a', chars)} [x](guide.md)`], 'markdown');
/** A Markdown line of inline code runs, an autorefs reference being typed at its end. */
const codeRuns = (chars: number) => docOf([`${repeatTo('`code` ', chars)}[text][pkg.mod.f`], 'mkdocs');
/** A line of many docs links (bare and Markdown), the pointer on the last. */
const manyLinks = (chars: number) => docOf([`${repeatTo('[a](https://bench.readthedocs.io/en/latest/a.html) https://x.readthedocs.io/b ', chars)}https://bench.readthedocs.io/en/latest/z.html`], 'markdown');
/** `count` lines of two autorefs references each (MkDocs), a quarter of them resolved. */
const autorefLines = (count: number) => docOf(Array.from({ length: count }, (_, i) => `See [the function][pkg.mod.f${i % 4_000}] and [x][pkg.other.g${i}].`), 'mkdocs');
/** `count` lines of two reST roles each, a quarter of them resolved. */
const roleLines = (count: number) => docOf(Array.from({ length: count }, (_, i) => `See :ref:\`section-${i % 4_000}\` and :ref:\`missing-${i}\`.`), 'restructuredtext');
/** One line of `count` autorefs references. */
const autorefLine = (count: number) => docOf([repeatTo('[x][pkg.mod.f1] ', count * 16)], 'mkdocs');
/** An MkDocs page of `count` lines with fences and link definitions (what `markdownPageFacts` reads), the pointer on a reference. */
const mkdocsPage = (count: number) => docOf([...Array.from({ length: count }, (_, i) => (i % 10 === 0 ? '```' : i % 7 === 0 ? `[label-${i}]: https://example.org/${i}` : `Text ${i} [x][pkg.mod.f${i % 100}]`)), '```', 'End [text][pkg.mod.f'], 'mkdocs');

// ---------------------------------------------------------------------------------------------
// `.readthedocs.yaml` and `mkdocs.yml`.

/** A usual `.readthedocs.yaml` (Sphinx, one format), with lines added under `build:` and at the end. */
const rtd = (inBuild = '', atEnd = '') =>
  `version: 2\nbuild:\n  os: ubuntu-24.04\n  tools:\n    python: "3.12"\n${inBuild}sphinx:\n  configuration: docs/conf.py\nformats: [pdf]\n${atEnd}`;
/** `build.apt_packages` as one flow list of `count` items. */
const rtdFlowList = (count: number) => rtd(`  apt_packages: [${Array.from({ length: count }, (_, i) => `p${i}`).join(', ')}]\n`);
/** A value nested `depth` flow levels deep. */
const rtdNested = (depth: number) => rtd('', `search:\n  ranking: ${'{a: ['.repeat(depth)}1${']}'.repeat(depth)}\n`);
/** `pairs` anchors, each used once by an alias. */
const rtdAnchors = (pairs: number) => rtd('', `x-anchors:\n${Array.from({ length: pairs }, (_, i) => `  k${i}: &a${i} v${i}\n  r${i}: *a${i}\n`).join('')}`);
/** One mapping of `count` keys (a duplicate-key check that compares each key with every other one is quadratic). */
const rtdKeys = (count: number) => rtd('', `x-keys:\n${Array.from({ length: count }, (_, i) => `  k${i}: ${i}\n`).join('')}`);
/** `python.install` of `count` requirement files, each named twice. */
const rtdInstallPaths = (count: number) => rtd('', `python:\n  install:\n${Array.from({ length: count }, (_, i) => `    - requirements: docs/requirements-${i >> 1}.txt\n`).join('')}`);
/** `build.apt_packages` as a block list of `count` lines. */
const rtdLines = (count: number) => rtd(`  apt_packages:\n${Array.from({ length: count }, (_, i) => `    - package-${i}\n`).join('')}`);
/** A usual configuration padded with comments to `chars`. */
const rtdPadded = (chars: number) => rtd('', `python:\n  install:\n    - requirements: docs/requirements.txt\n${repeatTo('# a comment line that explains something about the build\n', chars)}`);

const MKDOCS_HEAD = 'site_name: Bench\ndocs_dir: docs\nuse_directory_urls: false\nplugins:\n  - search\n  - mkdocstrings:\n      handlers:\n        python:\n          paths: [src]\n          inventories:\n            - https://docs.python.org/3/objects.inv\n';
const mkdocsAnchors = (pairs: number) => `${MKDOCS_HEAD}extra:\n${Array.from({ length: pairs }, (_, i) => `  k${i}: &a${i} v${i}\n  r${i}: *a${i}\n`).join('')}`;
const mkdocsKeys = (count: number) => `${MKDOCS_HEAD}extra:\n${Array.from({ length: count }, (_, i) => `  k${i}: ${i}\n`).join('')}`;
const mkdocsFlowNav = (count: number) => `${MKDOCS_HEAD}nav: [${Array.from({ length: count }, (_, i) => `p${i}.md`).join(', ')}]\n`;
const mkdocsNested = (depth: number) => `${MKDOCS_HEAD}extra: ${'{a: ['.repeat(depth)}1${']}'.repeat(depth)}\n`;
const mkdocsNavLines = (count: number) => `${MKDOCS_HEAD}nav:\n${Array.from({ length: count }, (_, i) => `  - Page ${i}: section/page-${i}.md\n`).join('')}`;
const mkdocsInventories = (count: number) => `${MKDOCS_HEAD.replace('            - https://docs.python.org/3/objects.inv\n', Array.from({ length: count }, (_, i) => `            - url: https://lib${i}.readthedocs.io/en/latest/objects.inv\n`).join(''))}`;
/** A `.readthedocs.yaml` that names `mkdocs.yml` (the layout then reads it). */
const RTD_MKDOCS = 'version: 2\nbuild:\n  os: ubuntu-24.04\n  tools:\n    python: "3.12"\nmkdocs:\n  configuration: mkdocs.yml\n';

/** ConfigRuleDiagnostics: parse, stat the named paths (half exist), the rules, each finding placed. */
function configRules(text: string): unknown {
  const parsed = parseConfig(fresh(text));
  if (!parsed) return undefined;
  const existing = new Set(checkedPaths(parsed.config).filter((_, i) => i % 2 === 0));
  return checkConfig(parsed, (path) => existing.has(path));
}
/** ConfigRuleFixes: the file parsed again, the edits of the fixes. */
function configFixes(text: string): unknown {
  const parsed = parseConfig(fresh(text));
  return parsed && [addFormatEdit(text, parsed, 'epub'), valueSpan(parsed, 'sphinx.configuration')];
}
/** ConfigDiagnostics: a build's configuration error placed at its key. */
const configErrorPlace = (text: string) => configKeySpan(fresh(text), 'build.tools.python');
/** docsLayoutOf: `.readthedocs.yaml`, then the MkDocs config it names. */
const layoutOf = (files: { readonly rtd: string; readonly mkdocs: string }) => {
  const rtd = fresh(files.rtd);
  const named = configsToRead(rtd).map((c) => c.path);
  return layoutFromConfig(rtd, (path) => (named.includes(path) ? fresh(files.mkdocs) : undefined));
};
/** WorkspaceDocs: the inventories `mkdocs.yml` names. */
const mkdocsLayoutAndInventories = (text: string) => {
  const read = fresh(text);
  return [layoutFromMkdocs('mkdocs.yml', read), mkdocsInventoriesOf(read)];
};

// ---------------------------------------------------------------------------------------------
// Redirects files, build logs, git remotes, the first configuration.

const redirectEntry = (i: number) => `- type: page\n  from_url: /old/${i}.html\n  to_url: /new/${i}.html\n`;
const redirectsEntries = (count: number) => Array.from({ length: count }, (_, i) => redirectEntry(i)).join('');
const redirectsLongLine = (chars: number) => `- type: page\n  from_url: /old.html\n  to_url: /new.html\n  description: ${'d'.repeat(chars)}\n`;
const redirectsAnchors = (pairs: number) => Array.from({ length: pairs }, (_, i) => `- &a${i} {type: page, from_url: /o${i}.html, to_url: /n.html}\n- *a${i}\n`).join('');
/** RedirectsDiagnostics: parse and check the file. */
const redirectsCheck = (text: string) => checkRedirectsFile(parseRedirectsFile(text));

/** The server's redirect rules and a pull request's deleted pages (the file holds a tenth of the rules). */
const deletions = (rules: number, pages: number) => ({
  rules: Array.from({ length: rules }, (_, i): RedirectRule => ({ ...RULE_DEFAULTS, type: i % 2 ? 'page' : 'exact', fromUrl: i % 3 ? `/old/${i}.html` : `/en/latest/moved-${i}/*`, toUrl: '/new.html' })),
  pages: Array.from({ length: pages }, (_, i) => ({ filename: `gone/page-${i}.html`, base: undefined })),
});
/** RedirectsDiagnostics with the pull requests: deleted pages no rule catches (the lists indexed again, as after an edit of the file). */
const uncaughtDeletions = ({ rules, pages }: ReturnType<typeof deletions>) =>
  deletionsWithoutRedirect(pages, [[...rules], rules.slice(0, rules.length / 10)], { language: 'en', defaultVersion: 'latest' });

const CHECKOUT = '/home/docs/checkouts/readthedocs.org/user_builds/bench/checkouts/latest/';
const logOf = (output: string): BuildLog => ({
  id: 1, projectSlug: 'bench', versionSlug: 'latest', state: 'finished', success: false, commit: undefined, date: undefined, taskExecutedAt: undefined, lengthSeconds: 1,
  coldStorage: false, isUploaded: false, docsUrl: undefined, config: { sphinx: { configuration: 'docs/conf.py' } },
  commands: [{ id: 1, command: 'python -m sphinx', description: '', output, exitCode: 1, startTime: undefined, endTime: undefined, runSeconds: 1 } satisfies LogCommand],
});
/** A Sphinx output of `count` lines, one warning in 20. */
const sphinxOutput = (count: number) => Array.from({ length: count }, (_, i) => (i % 20 === 0 ? `${CHECKOUT}docs/page${i % 500}.rst:${i}: WARNING: undefined label: 'x${i}'` : `reading sources... [${i % 100}%] page${i}`)).join('\n');
/** `count` autodoc warnings (`docstring of`) on one module that defines `functions` functions, each found by its text there. */
const docstringProblems = (count: number, functions: number) => ({
  log: logOf(Array.from({ length: count }, (_, i) => `${CHECKOUT}src/pkg/mod.py:docstring of pkg.mod.f${i}:1: WARNING: Unexpected indentation.`).join('\n')),
  module: Array.from({ length: functions }, (_, i) => `def f${i}(x):\n    return x`).join('\n'),
});
/** Output lines of 1,000 characters, then one warning. */
const longLogLines = (chars: number) => `${repeatTo('x'.repeat(999) + '\n', chars)}${CHECKOUT}docs/index.rst:1: WARNING: the end`;
/** BuildProblemsView.show: the problems found, each placed on its file (every file exists, the module holds the texts). */
async function logProblems(input: { readonly log: BuildLog; readonly module: string }): Promise<number> {
  const dirs = toolDirectories(input.log.config, undefined);
  const files: ProblemFiles = { exists: async () => true, read: async () => input.module };
  let placed = 0;
  for (const problem of findProblems(input.log.commands)) if (await placeProblem(problem, dirs, files)) placed += 1;
  return placed;
}
/** The log document: problems and the rendered text. */
function logDocument(log: BuildLog): number {
  return renderBuildLog({ log, projectSlug: 'bench', problems: findProblems(log.commands) }).text.length;
}

/** `.git/config` of `count` remotes (the binding's input; the CodeLens offers the first to import). */
const gitRemotes = (count: number) => Array.from({ length: count }, (_, i) => `[remote "r${i}"]\n\turl = https://github.com/example-org/repository-${i}.git\n\tfetch = +refs/heads/*:refs/remotes/r${i}/*\n`).join('');
/** ConfigFileLenses (through the binding that reads `.git/config`): the remote offered for import. */
const importLens = (config: string) => remoteUrlToImport({ folderPath: '/w', branch: 'main', remoteUrls: remoteUrlsOf(parseGitRemotes(config)) });

/** `pyproject.toml` of `count` lines, `requires-python` in its `[project]` table at the end. */
const pyprojectLines = (count: number) => `${Array.from({ length: count }, (_, i) => `key_${i} = "value ${i}"`).join('\n')}\n[project]\nrequires-python = ">=3.9"\n[project.optional-dependencies]\ndocs = ["sphinx"]\n`;
const pyprojectLongLine = (chars: number) => `[project]\ndescription = "${'d'.repeat(chars)}"\nrequires-python = ">=3.9"\n`;
/** Create .readthedocs.yaml: the draft from the folder's facts. */
const draft = (pyproject: string, requirementFiles: readonly string[] = ['docs/requirements.txt']) =>
  firstConfig({ sphinxConfigs: ['docs/conf.py'], mkdocsConfigs: [], requirementFiles, pyproject }).text.length;

// ---------------------------------------------------------------------------------------------

/** Zensical's reports (ariadne, FACTS.md §27): `count` boxes on pages with spaces in their paths. */
const zensicalReports = (count: number) => Array.from({ length: count }, (_, i) => `Warning: page does not exist\n   ╭─[ guide/page ${i % 50}.md:${i + 1}:7 ]\n   │\n ${i + 1} │ See [x](missing-${i}.md) café\n   │       ──────┬─────\n   │             ╰────── page does not exist\n───╯`).join('\n');
/** Headers whose box never comes: each waits two lines for its location. */
const zensicalBareHeaders = (count: number) => 'Warning: anchor does not exist\n'.repeat(count);
/** `zensical.toml` shapes: keys of `[project]`, nested tables, a long inline array. */
const zensicalKeys = (count: number) => `[project]\nsite_name = "x"\n${Array.from({ length: count }, (_, i) => `key_${i} = "value ${i}"\n`).join('')}`;
const zensicalTables = (count: number) => `[project]\ndocs_dir = "pages"\n${Array.from({ length: count }, (_, i) => `[project.extra.t${i}]\nv = ${i}\n`).join('')}`;
const zensicalNav = (count: number) => `[project]\nnav = [${Array.from({ length: count }, (_, i) => `"p${i}.md"`).join(', ')}]\n`;
const ZENSICAL_CAP = MAX_ZENSICAL_TOML_CHARS;

/** The largest count a shape (made from a count) holds under `cap` characters. */
function countUnder(make: (n: number) => string, cap: number): number {
  const perItem = (make(2_000).length - make(1_000).length) / 1_000;
  let n = Math.floor((cap - make(0).length) / perItem);
  while (make(n).length > cap) n = Math.floor(n * 0.99);
  return n;
}
/** The largest input of a shape that stays under `cap` characters. */
const underCap = (make: (n: number) => string, cap: number) => make(countUnder(make, cap));
/** n for a YAML shape: 4 n still under the file's cap, so both sizes are read, not refused by length. */
const quarterOf = (make: (n: number) => string, cap: number) => Math.floor(countUnder(make, cap) / 4);

const scaling = <T>(c: ScalingCase<T>) => c as ScalingCase;

/** A private page read with its header token (up to the 4 MB docsPage cap), its section cut locally. */
const PRIVATE_PAGE_URL = 'https://handbook.readthedocs-hosted.com/en/latest/page.html#target';
const privateSection = (page: string) => embedSectionOf(page, PRIVATE_PAGE_URL, { fragment: 'target', sphinx: true });
const manySections = (chars: number) => `<div role="main">${repeatTo('<section id="s"><h2>Heading</h2><p>Words <a href="other.html">link</a></p></section>', chars)}<section><span id="target"></span><h2>T</h2><p>x</p></section></div>`;
const deepNesting = (chars: number) => `<div role="main">${'<div>'.repeat(Math.floor(chars / 11))}<h2 id="target">T</h2>${'</div>'.repeat(Math.floor(chars / 11))}</div>`;
const bareHeadings = (chars: number) => `<div role="main">${repeatTo('<h3>H</h3><p>words</p>', chars)}<h2 id="target">T</h2>${repeatTo('<p>after</p><h4>x</h4>', chars)}</div>`;

/** What one hover on a private page costs on the extension host: the section cut from the page, then its hover text (SectionHoverCache, a new section each call). */
const hoverTexts = new SectionHoverCache();
const privateHover = ({ page, url }: { page: string; url: string }) => {
  const fragment = new URL(url).hash.slice(1) || undefined;
  const html = embedSectionOf(page, url, { fragment, sphinx: true });
  if (html === undefined) throw new Error('Section not found');
  return hoverTexts.textOf(url, { url, fragment, contentHtml: html, external: false });
};
/** A page of `bytes` UTF-8 bytes (the docsPage cap counts bytes): Sphinx sections of CJK prose, the label `#target` in the last one. */
const sphinxPageOfBytes = (bytes: number) => {
  const unit = '<section id="s"><h2>見出し</h2><p>文書の本文は長くなることがある。<a href="other.html">リンク</a></p></section>';
  return `<html><body><div role="main">${unit.repeat(Math.floor((bytes - 200) / Buffer.byteLength(unit)))}<section><span id="target"></span><h2>T</h2><p>x</p></section></div></body></html>`;
};
/** MkDocs: a bare heading `#target` at the top of a page of `bytes` bytes, no heading of its level after it (its section is the rest of the page). */
const mkdocsPageOfBytes = (bytes: number) => {
  const unit = '<h3>小見出し</h3><p>文書の本文は長くなることがある。<code>x</code></p>';
  return `<html><body><div role="main"><h2 id="target">T</h2>${unit.repeat(Math.floor((bytes - 200) / Buffer.byteLength(unit)))}</div></body></html>`;
};
const PRIVATE_PAGE = 'https://handbook.readthedocs-hosted.com/en/latest/page.html';
const privateAt = (page: string, fragment?: string) => ({ page, url: fragment ? `${PRIVATE_PAGE}#${fragment}` : PRIVATE_PAGE });

/** The Sharing folder of a project: `count` methods of the server's JSON, each read and presented as its row. */
const sharingJson = (count: number, versionsEach: number) => Array.from({ length: count }, (_, i) => ({
  id: i, project: 'handbook', access_type: ['token', 'password', 'http_header_token'][i % 3], allow_all: versionsEach === 0,
  versions: Array.from({ length: versionsEach }, (_, v) => ({ slug: `v${v}.0` })), expires: '2026-12-05', last_used_at: '2026-11-01T10:00:00Z',
  description: `For the team ${i} *with* [markup](x)`, token: `t${i}`,
}));
const sharingRows = (items: readonly unknown[]) => items.map((item) => present(rowNode('sharing', parseSharingMethod(item), { edition: 'business', parentId: 'p/sharing', projectSlug: 'handbook', projectId: 'p' })));

export const SCALING_CASES: readonly ScalingCase[] = [
  scaling({ entry: 'hover: private page section', shape: 'many sections with links (chars)', n: 256 * KB, input: manySections, call: privateSection }),
  scaling({ entry: 'hover: private page section', shape: 'deep nesting (chars)', n: 64 * KB, input: deepNesting, call: privateSection }),
  scaling({ entry: 'hover: private page section', shape: 'bare heading among many (MkDocs) (chars)', n: 128 * KB, input: bareHeadings, call: privateSection }),
  scaling({ entry: 'hover: docs link', shape: 'one long line (chars)', n: 256 * KB, input: (n) => longProse(n, 'markdown'), call: docsLinkHover }),
  scaling({ entry: 'hover: docs link', shape: 'many links on a line (chars)', n: 64 * KB, input: manyLinks, call: docsLinkHover }),
  scaling({ entry: 'hover: cross-reference (Markdown)', shape: 'one long line (chars)', n: 256 * KB, input: (n) => longProse(n, 'markdown'), call: referenceHover }),
  scaling({ entry: 'hover: cross-reference (Markdown)', shape: 'open page links `](a` (chars)', n: 16 * KB, input: openPageLinks, call: referenceHover }),
  scaling({ entry: 'hover: cross-reference (MkDocs)', shape: 'many inline code runs (chars)', n: 32 * KB, input: codeRuns, call: referenceHover }),
  scaling({ entry: 'hover: cross-reference (MkDocs)', shape: 'many lines, fences, definitions', n: 20_000, input: mkdocsPage, call: referenceHover }),
  scaling({ entry: 'hover: cross-reference (reST)', shape: 'one long line (chars)', n: 256 * KB, input: (n) => longProse(n, 'restructuredtext'), call: referenceHover }),
  scaling({ entry: 'hover: cross-reference (python-markdown page of a Zensical layout)', shape: 'many lines, fences, definitions', n: 20_000, input: (n) => zensicalStudioPage(mkdocsPage(n)), call: referenceHover }),
  scaling({ entry: 'completion', shape: 'one long line, MyST (chars)', n: 256 * KB, input: (n) => docOf([`${repeatTo('words {ref}`x` ', n)}{ref}\`sec`], 'markdown'), call: completion }),
  scaling({ entry: 'completion', shape: 'many inline code runs (chars)', n: 32 * KB, input: codeRuns, call: completion }),
  scaling({ entry: 'completion', shape: 'many lines, fences, definitions', n: 20_000, input: mkdocsPage, call: completion }),
  scaling({ entry: 'completion', shape: 'inventory entries (labels)', n: 20_000, input: (n) => ({ doc: docOf(['See :ref:`section-1'], 'restructuredtext'), set: { own: inventoryOf(n / 2), named: new Map() } }), call: ({ doc, set }) => completion(doc, set) }),
  scaling({ entry: 'completion (python-markdown page of a Zensical layout)', shape: 'many lines, fences, definitions', n: 20_000, input: (n) => zensicalStudioPage(mkdocsPage(n)), call: completion }),
  scaling({ entry: 'document links (python-markdown page of a Zensical layout)', shape: 'many references (lines)', n: 10_000, input: (n) => zensicalStudioPage(autorefLines(n)), call: documentLinks }),
  scaling({ entry: 'document links', shape: 'many references, MkDocs (lines)', n: 10_000, input: autorefLines, call: documentLinks }),
  scaling({ entry: 'document links', shape: 'many references, reST (lines)', n: 10_000, input: roleLines, call: documentLinks }),
  scaling({ entry: 'document links', shape: 'references on one line (count)', n: 10_000, input: autorefLine, call: documentLinks }),
  scaling({ entry: 'document links', shape: 'many inline code runs (chars)', n: 32 * KB, input: codeRuns, call: documentLinks }),
  scaling({ entry: 'diagnostics: reference hints', shape: 'many references, reST (lines)', n: 10_000, input: roleLines, call: hints }),
  scaling({ entry: 'diagnostics: reference hints', shape: 'references on one line (count)', n: 10_000, input: autorefLine, call: hints }),
  scaling({ entry: 'CodeLens: .readthedocs.yaml', shape: 'git remotes (count)', n: 2_000, input: gitRemotes, call: importLens }),
  scaling({ entry: 'diagnostics: .readthedocs.yaml rules', shape: 'long flow list (items)', n: quarterOf(rtdFlowList, CONFIG_CAP), input: rtdFlowList, call: configRules }),
  scaling({ entry: 'diagnostics: .readthedocs.yaml rules', shape: 'deep nesting (levels)', n: quarterOf(rtdNested, CONFIG_CAP), input: rtdNested, call: configRules }),
  scaling({ entry: 'diagnostics: .readthedocs.yaml rules', shape: 'anchors and aliases (pairs)', n: quarterOf(rtdAnchors, CONFIG_CAP), input: rtdAnchors, call: configRules }),
  scaling({ entry: 'diagnostics: .readthedocs.yaml rules', shape: 'keys of one mapping (count)', n: quarterOf(rtdKeys, CONFIG_CAP), input: rtdKeys, call: configRules }),
  scaling({ entry: 'diagnostics: .readthedocs.yaml rules', shape: 'install paths, duplicated (count)', n: quarterOf(rtdInstallPaths, CONFIG_CAP), input: rtdInstallPaths, call: configRules }),
  scaling({ entry: 'diagnostics: .readthedocs.yaml rules', shape: 'many lines', n: quarterOf(rtdLines, CONFIG_CAP), input: rtdLines, call: configRules }),
  scaling({ entry: 'diagnostics: .readthedocs.yaml rules', shape: 'padded with comments (chars)', n: quarterOf(rtdPadded, CONFIG_CAP), input: rtdPadded, call: configRules }),
  scaling({ entry: 'quick fixes: .readthedocs.yaml', shape: 'long flow list (items)', n: quarterOf(rtdFlowList, CONFIG_CAP), input: rtdFlowList, call: configFixes }),
  scaling({ entry: 'quick fixes: .readthedocs.yaml', shape: 'anchors and aliases (pairs)', n: quarterOf(rtdAnchors, CONFIG_CAP), input: rtdAnchors, call: configFixes }),
  scaling({ entry: 'diagnostics: configuration errors', shape: 'anchors and aliases (pairs)', n: quarterOf(rtdAnchors, CONFIG_CAP), input: rtdAnchors, call: configErrorPlace }),
  scaling({ entry: 'diagnostics: configuration errors', shape: 'many lines', n: quarterOf(rtdLines, CONFIG_CAP), input: rtdLines, call: configErrorPlace }),
  scaling({ entry: 'diagnostics: redirects file', shape: 'entries (count)', n: 2_500, input: redirectsEntries, call: redirectsCheck }),
  scaling({ entry: 'diagnostics: redirects file', shape: 'one long line (chars)', n: 256 * KB, input: redirectsLongLine, call: redirectsCheck }),
  scaling({ entry: 'diagnostics: redirects file', shape: 'anchors and aliases (pairs)', n: 1_000, input: redirectsAnchors, call: redirectsCheck }),
  scaling({ entry: 'diagnostics: deleted pages (redirects file)', shape: 'redirect rules (count)', n: 2_500, input: (n) => deletions(n, 50), call: uncaughtDeletions }),
  scaling({ entry: 'diagnostics: deleted pages (redirects file)', shape: 'deleted pages (count)', n: 500, input: (n) => deletions(10_000, n), call: uncaughtDeletions }),
  scaling({ entry: 'Problems from a build log', shape: 'log lines', n: 20_000, input: (n) => ({ log: logOf(sphinxOutput(n)), module: '' }), call: logProblems }),
  scaling({ entry: 'Problems from a build log', shape: 'long lines (chars)', n: 2 * MB, input: (n) => ({ log: logOf(longLogLines(n)), module: '' }), call: logProblems }),
  scaling({ entry: 'Problems from a build log', shape: 'docstring warnings on one module (each)', n: 250, input: (n) => docstringProblems(n, n), call: logProblems }),
  scaling({ entry: 'build log document', shape: 'log lines', n: 20_000, input: (n) => logOf(sphinxOutput(n)), call: logDocument }),
  ...SERVER_DATA_SCALING_CASES,
  scaling({ entry: 'layout: layoutFromConfig', shape: 'long flow list (items)', n: quarterOf(rtdFlowList, CONFIG_CAP), input: (n) => ({ rtd: rtdFlowList(n), mkdocs: '' }), call: layoutOf }),
  scaling({ entry: 'layout: layoutFromConfig', shape: 'deep nesting (levels)', n: quarterOf(rtdNested, CONFIG_CAP), input: (n) => ({ rtd: rtdNested(n), mkdocs: '' }), call: layoutOf }),
  scaling({ entry: 'layout: layoutFromConfig', shape: 'anchors and aliases (pairs)', n: quarterOf(rtdAnchors, CONFIG_CAP), input: (n) => ({ rtd: rtdAnchors(n), mkdocs: '' }), call: layoutOf }),
  scaling({ entry: 'layout: layoutFromConfig', shape: 'keys of one mapping (count)', n: quarterOf(rtdKeys, CONFIG_CAP), input: (n) => ({ rtd: rtdKeys(n), mkdocs: '' }), call: layoutOf }),
  scaling({ entry: 'layout: layoutFromConfig', shape: 'many lines', n: quarterOf(rtdLines, CONFIG_CAP), input: (n) => ({ rtd: rtdLines(n), mkdocs: '' }), call: layoutOf }),
  scaling({ entry: 'layout: layoutFromConfig + mkdocs.yml', shape: 'mkdocs.yml anchors and aliases (pairs)', n: quarterOf(mkdocsAnchors, MKDOCS_CAP), input: (n) => ({ rtd: RTD_MKDOCS, mkdocs: mkdocsAnchors(n) }), call: layoutOf }),
  scaling({ entry: 'layout: layoutFromMkdocs + inventories', shape: 'anchors and aliases (pairs)', n: quarterOf(mkdocsAnchors, MKDOCS_CAP), input: mkdocsAnchors, call: mkdocsLayoutAndInventories }),
  scaling({ entry: 'layout: layoutFromMkdocs + inventories', shape: 'long flow list (items)', n: quarterOf(mkdocsFlowNav, MKDOCS_CAP), input: mkdocsFlowNav, call: mkdocsLayoutAndInventories }),
  scaling({ entry: 'layout: layoutFromMkdocs + inventories', shape: 'deep nesting (levels)', n: quarterOf(mkdocsNested, MKDOCS_CAP), input: mkdocsNested, call: mkdocsLayoutAndInventories }),
  scaling({ entry: 'layout: layoutFromMkdocs + inventories', shape: 'keys of one mapping (count)', n: quarterOf(mkdocsKeys, MKDOCS_CAP), input: mkdocsKeys, call: mkdocsLayoutAndInventories }),
  scaling({ entry: 'layout: layoutFromMkdocs + inventories', shape: 'many lines', n: quarterOf(mkdocsNavLines, MKDOCS_CAP), input: mkdocsNavLines, call: mkdocsLayoutAndInventories }),
  scaling({ entry: 'readMkdocsYaml', shape: 'anchors and aliases (pairs)', n: quarterOf(mkdocsAnchors, MKDOCS_CAP), input: mkdocsAnchors, call: (text) => readMkdocsYaml(fresh(text)) }),
  scaling({ entry: 'readMkdocsYaml', shape: 'many lines', n: quarterOf(mkdocsNavLines, MKDOCS_CAP), input: mkdocsNavLines, call: (text) => readMkdocsYaml(fresh(text)) }),
  scaling({ entry: 'mkdocs inventories', shape: 'inventories named (count)', n: quarterOf(mkdocsInventories, MKDOCS_CAP), input: mkdocsInventories, call: (text) => mkdocsInventoriesOf(fresh(text)) }),
  scaling({ entry: 'first configuration', shape: 'pyproject.toml lines', n: 2_500, input: pyprojectLines, call: (text) => draft(text) }),
  scaling({ entry: 'first configuration', shape: 'pyproject.toml long line (chars)', n: 64 * KB, input: pyprojectLongLine, call: (text) => draft(text) }),
  scaling({ entry: 'first configuration', shape: 'requirement files found (count)', n: 5_000, input: (n) => Array.from({ length: n }, (_, i) => `docs/d${i}/requirements.txt`), call: (files) => draft('', files) }),
  scaling({ entry: 'hover: private page section (cut + Markdown)', shape: 'Sphinx page over the parse cap, label at the end (bytes)', n: BODY_LIMITS.docsPage / 4, input: (n) => privateAt(sphinxPageOfBytes(n), 'target'), call: privateHover }),
  scaling({ entry: 'hover: private page section (cut + Markdown)', shape: 'MkDocs bare heading, its section the whole page (bytes)', n: BODY_LIMITS.docsPage / 4, input: (n) => privateAt(mkdocsPageOfBytes(n), 'target'), call: privateHover }),
  scaling({ entry: 'Sharing folder rows', shape: 'sharing methods (count)', n: 250, input: (n) => sharingJson(n, 0), call: sharingRows }),
  scaling({ entry: 'Sharing folder rows', shape: 'versions of one method (count)', n: 5_000, input: (n) => sharingJson(1, n), call: sharingRows }),
  scaling({ entry: 'upload: pre-flight', shape: 'many files in one folder (files)', n: 2_048, input: flatSite, call: preflight }),
  scaling({ entry: 'upload: pre-flight', shape: 'many files, 256 a folder (files)', n: 2_048, input: sectionedSite, call: preflight }),
  scaling({ entry: 'upload: pre-flight', shape: 'deep folders, 4 n under the cap (levels)', n: Math.floor((MAX_FOLDER_DEPTH - 1) / 4), input: deepSite, call: preflight }),
  scaling({ entry: 'upload: pre-flight', shape: '255-byte file names (files)', n: 1_024, input: longNamedSite, call: preflight }),
  scaling({ entry: 'upload: pre-flight', shape: 'links to a folder of the output (links)', n: 512, input: folderLinksSite, call: preflight }),
  scaling({ entry: 'upload: zip listing (plan)', shape: 'many entries, a tenth named (entries)', n: 4_096, input: listedEntries, call: zipListing }),
  scaling({ entry: 'upload: zip listing (plan)', shape: 'long entry names, 4 n under the 64 KB field (chars)', n: 12 * KB, input: longEntryNames, call: zipListing }),
  scaling({ entry: 'upload: pre-flight and zip', shape: 'many pages, 256 a folder (files)', n: 1_024, input: sectionedSite, call: preflightAndZip }),
  scaling({ entry: 'log problems: Zensical reports', shape: 'reports (count)', n: 2_000, input: (n) => ({ log: logOf(zensicalReports(n)), module: '' }), call: logProblems }),
  scaling({ entry: 'log problems: Zensical reports', shape: 'headers without a box (count)', n: 20_000, input: (n) => ({ log: logOf(zensicalBareHeaders(n)), module: '' }), call: logProblems }),
  scaling({ entry: 'log document: Zensical reports folded', shape: 'reports (count)', n: 2_000, input: (n) => logOf(zensicalReports(n)), call: logDocument }),
  scaling({ entry: 'layout: zensical.toml', shape: 'keys of [project] (count)', n: quarterOf(zensicalKeys, ZENSICAL_CAP), input: zensicalKeys, call: (text) => layoutFromZensical('zensical.toml', fresh(text)) }),
  scaling({ entry: 'layout: zensical.toml', shape: 'tables (count)', n: quarterOf(zensicalTables, ZENSICAL_CAP), input: zensicalTables, call: (text) => layoutFromZensical('zensical.toml', fresh(text)) }),
  scaling({ entry: 'layout: zensical.toml', shape: 'long inline array (items)', n: quarterOf(zensicalNav, ZENSICAL_CAP), input: zensicalNav, call: (text) => layoutFromZensical('zensical.toml', fresh(text)) }),
];

const cap = <T, R>(c: CapCase<T, R>) => c as CapCase;
/** The cap every `.readthedocs.yaml` reader had before it was lowered to `MAX_CONFIG_CHARS`. */
const OLD_CONFIG_CAP = 256 * KB;
const underOldConfigCap = (make: (n: number) => string) => underCap(make, OLD_CONFIG_CAP);
const underConfigCap = (make: (n: number) => string) => underCap(make, CONFIG_CAP);
/** `count` `[x][id]` references, 100 to a line. */
const refsOnLines = (count: number) => docOf(Array.from({ length: Math.ceil(count / 100) }, (_, l) => Array.from({ length: 100 }, (_, i) => `[x][pkg.mod.f${(l * 100 + i) % 4_000}]`).join(' ')), 'mkdocs');

/** The issue's cases ("Blocks the extension host", "Seconds per open or keystroke"), each at the cap the code has. */
export const CAP_CASES: readonly CapCase[] = [
  cap({ name: 'hover (pageLinkAt) on a 5 MB Markdown line of `](a`', input: () => openPageLinks(5 * MB), call: referenceHover }),
  cap({ name: 'hover (pageLinkAt) on a 64 KB Markdown line of `](a`', input: () => openPageLinks(64 * KB), call: referenceHover }),
  cap({ name: 'hover (pageLinkAt) on a 128 KB Markdown line of `](a`', input: () => openPageLinks(128 * KB), call: referenceHover }),
  cap({ name: 'hover on a 256 KB line of inline code runs (MkDocs)', input: () => codeRuns(256 * KB), call: referenceHover }),
  cap({ name: 'completion on a 256 KB line of inline code runs (MkDocs)', input: () => codeRuns(256 * KB), call: completion }),
  cap({ name: 'mkdocs.yml, 10,000 anchor/alias pairs: layout + inventories', input: () => mkdocsAnchors(10_000), call: mkdocsLayoutAndInventories }),
  cap({ name: 'mkdocs.yml, 20,000 anchor/alias pairs: layout + inventories', input: () => mkdocsAnchors(20_000), call: mkdocsLayoutAndInventories }),
  cap({ name: 'mkdocs.yml of anchor/alias pairs at the 10 MB folder-file cap', input: () => underCap(mkdocsAnchors, FOLDER_FILE_CAP), call: mkdocsLayoutAndInventories }),
  cap({ name: 'mkdocs.yml just under 10 MB (nav lines): layout + inventories', input: () => underCap(mkdocsNavLines, FOLDER_FILE_CAP), call: mkdocsLayoutAndInventories }),
  cap({ name: '.readthedocs.yaml rules, 256 KB long flow list', input: () => underOldConfigCap(rtdFlowList), call: configRules }),
  cap({ name: '.readthedocs.yaml rules, 256 KB deep nesting', input: () => underOldConfigCap(rtdNested), call: configRules }),
  cap({ name: '.readthedocs.yaml rules, 256 KB of anchors/aliases', input: () => underOldConfigCap(rtdAnchors), call: configRules }),
  cap({ name: '.readthedocs.yaml rules, 256 KB of install paths (duplicated)', input: () => underOldConfigCap(rtdInstallPaths), call: configRules }),
  cap({ name: '.readthedocs.yaml quick fixes, 256 KB of anchors/aliases', input: () => underOldConfigCap(rtdAnchors), call: configFixes }),
  cap({ name: 'docs layout from a 256 KB .readthedocs.yaml of anchors/aliases', input: () => ({ rtd: underOldConfigCap(rtdAnchors), mkdocs: '' }), call: layoutOf }),
  cap({ name: 'docs layout from a 256 KB .readthedocs.yaml, keys of one mapping', input: () => ({ rtd: underOldConfigCap(rtdKeys), mkdocs: '' }), call: layoutOf }),
  cap({ name: 'docs layout from a 256 KB .readthedocs.yaml, long flow list', input: () => ({ rtd: underOldConfigCap(rtdFlowList), mkdocs: '' }), call: layoutOf }),
  cap({ name: 'docs layout from a 256 KB .readthedocs.yaml, deep nesting', input: () => ({ rtd: underOldConfigCap(rtdNested), mkdocs: '' }), call: layoutOf }),
  cap({ name: `mkdocs.yml at its ${MKDOCS_CAP / KB} KB cap, anchor/alias pairs: layout + inventories`, input: () => underCap(mkdocsAnchors, MKDOCS_CAP), call: mkdocsLayoutAndInventories }),
  cap({ name: `mkdocs.yml at its ${MKDOCS_CAP / KB} KB cap, nav lines: layout + inventories`, input: () => underCap(mkdocsNavLines, MKDOCS_CAP), call: mkdocsLayoutAndInventories }),
  cap({ name: `mkdocs.yml at its ${MKDOCS_CAP / KB} KB cap, keys of one mapping: layout + inventories`, input: () => underCap(mkdocsKeys, MKDOCS_CAP), call: mkdocsLayoutAndInventories }),
  cap({ name: `.readthedocs.yaml rules at its ${CONFIG_CAP / KB} KB cap, long flow list`, input: () => underConfigCap(rtdFlowList), call: configRules }),
  cap({ name: `.readthedocs.yaml rules at its ${CONFIG_CAP / KB} KB cap, deep nesting`, input: () => underConfigCap(rtdNested), call: configRules }),
  cap({ name: `.readthedocs.yaml rules at its ${CONFIG_CAP / KB} KB cap, anchors/aliases`, input: () => underConfigCap(rtdAnchors), call: configRules }),
  cap({ name: `.readthedocs.yaml rules at its ${CONFIG_CAP / KB} KB cap, install paths (duplicated)`, input: () => underConfigCap(rtdInstallPaths), call: configRules }),
  cap({ name: `.readthedocs.yaml quick fixes at its ${CONFIG_CAP / KB} KB cap, anchors/aliases`, input: () => underConfigCap(rtdAnchors), call: configFixes }),
  cap({ name: `docs layout from .readthedocs.yaml at its ${CONFIG_CAP / KB} KB cap, keys of one mapping`, input: () => ({ rtd: underConfigCap(rtdKeys), mkdocs: '' }), call: layoutOf }),
  cap({ name: `docs layout from .readthedocs.yaml at its ${CONFIG_CAP / KB} KB cap, long flow list`, input: () => ({ rtd: underConfigCap(rtdFlowList), mkdocs: '' }), call: layoutOf }),
  ...SERVER_DATA_CAP_CASES,
  cap({ name: 'document links, 150,000 `[x][id]` references', input: () => refsOnLines(150_000), call: documentLinks }),
  cap({ name: 'document links, one 5 MB line of references', input: () => autorefLine(5 * MB / 16), call: documentLinks }),
  cap({ name: 'reference hints, one 5 MB line of references', input: () => autorefLine(5 * MB / 16), call: hints }),
  cap({ name: 'hover on a private Sphinx page at the 4 MB docsPage cap, label at the end', input: () => privateAt(sphinxPageOfBytes(BODY_LIMITS.docsPage), 'target'), call: privateHover }),
  cap({ name: 'hover on a private MkDocs page at the 4 MB cap, bare heading whose section is the page', input: () => privateAt(mkdocsPageOfBytes(BODY_LIMITS.docsPage), 'target'), call: privateHover }),
  cap({ name: 'hover on a private page at the 4 MB cap, main content (no fragment)', input: () => privateAt(sphinxPageOfBytes(BODY_LIMITS.docsPage)), call: privateHover }),
  cap({ name: 'Sharing folder rows: a page of 100 methods (limit=100) of 1,000 versions each', input: () => sharingJson(100, 1_000), call: sharingRows }),
  cap({ name: 'upload pre-flight of 65,535 files (256 a folder)', input: () => sectionedSite(65_534), call: preflight }),
  cap({ name: `upload pre-flight of ${MAX_FOLDER_DEPTH - 1} folders deep (the most it takes)`, input: () => deepSite(MAX_FOLDER_DEPTH - 1), call: preflight }),
  cap({ name: 'upload pre-flight of 1,000 folders deep (refused)', input: () => deepSite(1_000), call: (site: Parameters<typeof preflight>[0]) => preflight(site).catch((error: unknown) => String(error)) }),
  cap({ name: 'upload zip listing of 65,535 entries', input: () => listedEntries(65_535), call: zipListing }),
  cap({ name: `zensical.toml at its ${ZENSICAL_CAP / KB} KB cap, keys of [project]: layout`, input: () => underCap(zensicalKeys, ZENSICAL_CAP), call: (text) => layoutFromZensical('zensical.toml', fresh(text)) }),
  cap({ name: `zensical.toml at its ${ZENSICAL_CAP / KB} KB cap, tables: layout`, input: () => underCap(zensicalTables, ZENSICAL_CAP), call: (text) => layoutFromZensical('zensical.toml', fresh(text)) }),
];
