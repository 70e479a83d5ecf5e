// Command outputs of the sandbox's build logs. The Sphinx and MkDocs texts are real output
// (Sphinx 5.3 / MkDocs 1.4, see test/fixtures/logs/README.md) with Sphinx 8's warning types; the
// Sphinx warnings point at real lines of test/extension/fixture-workspace/docs (the `widgets` repository).

const BANNER = 'Running Sphinx v8.1.3\nloading translations [en]... done\nmaking output directory... done\n'
  + 'building [mo]: targets for 0 po files that are out of date\n';

function sphinxReading(files: readonly string[]): string {
  const n = files.length;
  return `building [html]: targets for ${n} source files that are out of date\n`
    + `updating environment: [new config] ${n} added, 0 changed, 0 removed\n`
    + files.map((f, i) => `reading sources... [${String(Math.round(((i + 1) * 100) / n)).padStart(3)}%] ${f}\n`).join('');
}

function sphinxWriting(files: readonly string[]): string {
  const n = files.length;
  return 'looking for now-outdated files... none found\npickling environment... done\nchecking consistency... done\n'
    + 'preparing documents... done\ncopying assets...\ncopying static files... done\ncopying extra files... done\ncopying assets: done\n'
    + files.map((f, i) => `writing output... [${String(Math.round(((i + 1) * 100) / n)).padStart(3)}%] ${f}\n`).join('');
}

const SPHINX_TAIL = 'generating indices... genindex done\nwriting additional pages... search done\n'
  + 'dumping search index in English (code: en)... done\ndumping object inventory... done\n';

const FILES = ['index', 'installation', 'usage'];

/** Warnings of the fixture workspace's docs, at `checkout` (Sphinx prints absolute paths). */
function readingWarnings(checkout: string): string {
  const d = `${checkout}docs/`;
  return `\n${d}index.rst:6: WARNING: toctree contains reference to nonexisting document 'changelog' [toc.not_readable]\n`
    + `${d}installation.rst:12: WARNING: Duplicate explicit target name: "installation". [docutils]\n`
    + `${d}usage.rst:12: ERROR: Unexpected indentation. [docutils]\n`
    + `${d}usage.rst:14: ERROR: Unknown directive type "widgets-gallery". [docutils]\n\n.. widgets-gallery:: buttons\n`
    + `${d}usage.rst:17: WARNING: Title underline too short. [docutils]\n\nThemes\n====\n`
    + `${d}usage.rst:19: ERROR: Unknown target name: "colour names". [docutils]\n`;
}

function writingWarnings(checkout: string): string {
  const d = `${checkout}docs/`;
  return `\n${d}index.rst:13: WARNING: undefined label: 'getting-started' [ref.ref]\n`
    + `${d}index.rst:13: WARNING: unknown document: 'tutorial' [ref.doc]\n`;
}

/**
 * The branch's build of the same docs as `sphinxWarnings` (the base build): the duplicate target
 * fixed, the undefined label moved two lines down (a paragraph moved), a missing image added, and the
 * unknown document referenced a second time. Against the base: 2 new warnings, 1 fixed. The image
 * line is Sphinx 5.3's own output for `.. image:: _static/themes.png` appended to the fixture's
 * usage.rst (python3-sphinx of Debian), with Sphinx 8's warning type.
 */
function branchWarnings(checkout: string): { reading: string; writing: string } {
  const d = `${checkout}docs/`;
  return {
    reading: `\n${d}index.rst:6: WARNING: toctree contains reference to nonexisting document 'changelog' [toc.not_readable]\n`
      + `${d}usage.rst:12: ERROR: Unexpected indentation. [docutils]\n`
      + `${d}usage.rst:14: ERROR: Unknown directive type "widgets-gallery". [docutils]\n\n.. widgets-gallery:: buttons\n`
      + `${d}usage.rst:17: WARNING: Title underline too short. [docutils]\n\nThemes\n====\n`
      + `${d}usage.rst:19: ERROR: Unknown target name: "colour names". [docutils]\n`
      + `${d}usage.rst:22: WARNING: image file not readable: _static/themes.png [image.not_readable]\n`,
    writing: `\n${d}index.rst:15: WARNING: undefined label: 'getting-started' [ref.ref]\n`
      + `${d}index.rst:15: WARNING: unknown document: 'tutorial' [ref.doc]\n`
      + `${d}index.rst:9: WARNING: unknown document: 'tutorial' [ref.doc]\n`,
  };
}

/** A branch's build: `branchWarnings` where the base build has `readingWarnings` and `writingWarnings`. */
export function sphinxBranchWarnings(checkout: string): string {
  const { reading, writing } = branchWarnings(checkout);
  return `${BANNER}${sphinxReading(FILES)}${reading}${sphinxWriting(FILES)}${writing}${SPHINX_TAIL}`
    + 'build succeeded, 9 warnings.\n\nThe HTML pages are in $READTHEDOCS_OUTPUT/html.\n';
}

export function sphinxClean(): string {
  return `${BANNER}${sphinxReading(FILES)}${sphinxWriting(FILES)}${SPHINX_TAIL}build succeeded.\n\nThe HTML pages are in $READTHEDOCS_OUTPUT/html.\n`;
}

export function sphinxWarnings(checkout: string): string {
  return `${BANNER}${sphinxReading(FILES)}${readingWarnings(checkout)}${sphinxWriting(FILES)}${writingWarnings(checkout)}${SPHINX_TAIL}`
    + 'build succeeded, 8 warnings.\n\nThe HTML pages are in $READTHEDOCS_OUTPUT/html.\n';
}

/** `sphinx.fail_on_warning: true` (`-W --keep-going`): every warning, then a failure. */
export function sphinxFailOnWarning(checkout: string): string {
  return `${BANNER}${sphinxReading(FILES)}${readingWarnings(checkout)}${sphinxWriting(FILES)}${writingWarnings(checkout)}${SPHINX_TAIL}`
    + 'build finished with problems, 8 warnings (with warnings treated as errors).\n';
}

/** conf.py imports the package, which this build did not install. */
export function sphinxConfTraceback(checkout: string): string {
  const frame = `  File "${checkout}docs/conf.py", line 8, in <module>\n    import widgets  # noqa: E402\n    ^^^^^^^^^^^^^^\n`;
  const inner = 'Traceback (most recent call last):\n'
    + '  File "/home/docs/checkouts/readthedocs.org/user_builds/widgets/envs/latest/lib/python3.12/site-packages/sphinx/config.py", line 529, in eval_config_file\n'
    + '    exec(code, namespace)  # NoQA: S102\n    ^^^^^^^^^^^^^^^^^^^^^\n'
    + `${frame}ModuleNotFoundError: No module named 'widgets'\n`;
  return 'Running Sphinx v8.1.3\nloading translations [en]... done\n\n'
    + `Configuration error:\nThere is a programmable error in your configuration file:\n\n${inner}\n`;
}

/** An old build's log read back from cold storage: only the end of a long output survives. */
export function sphinxTruncated(checkout: string): string {
  const pages = Array.from({ length: 400 }, (_, i) => `reference/widget-${String(i + 1).padStart(3, '0')}`);
  const reading = pages.map((p, i) => `reading sources... [${String(Math.round(((i + 1) * 100) / pages.length)).padStart(3)}%] ${p}\n`).join('');
  return `... (truncated) ...\n${reading.slice(reading.length / 2)}${readingWarnings(checkout)}${sphinxWriting(pages)}${SPHINX_TAIL}`
    + 'build succeeded, 6 warnings.\n\nThe HTML pages are in $READTHEDOCS_OUTPUT/html.\n';
}

// MkDocs 1.4 colours its level names even with NO_COLOR.
const MK_WARNING = '\u001b[33mWARNING  - \u001b[0m ';

export function mkdocsWarnings(checkout: string): string {
  return `${MK_WARNING}Config value 'markdown_extension': Unrecognised configuration name: markdown_extension\n`
    + 'INFO     -  Cleaning site directory\n'
    + `INFO     -  Building documentation to directory: ${checkout}_readthedocs/html\n`
    + `${MK_WARNING}A relative path to 'reference.md' is included in the 'nav' configuration, which is not found in the documentation files\n`
    + `${MK_WARNING}Documentation file 'index.md' contains a link to 'configuration.md' which is not found in the documentation files.\n`
    + `${MK_WARNING}Documentation file 'setup/index.md' contains a link to 'faq.md' which is not found in the documentation files.\n`
    + 'INFO     -  Documentation built in 0.06 seconds\n';
}

export function mkdocsStrict(): string {
  return `${MK_WARNING}Config value 'markdown_extension': Unrecognised configuration name: markdown_extension\n`
    + "Aborted with 1 Configuration Warnings in 'strict' mode!\n";
}
