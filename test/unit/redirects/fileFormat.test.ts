import * as assert from 'node:assert/strict';
import { checkRedirectsFile, hasErrors } from '../../../src/core/redirects/checkFile';
import { MAX_REDIRECTS_FILE_CHARS, MAX_REDIRECTS_FILE_ENTRIES, MAX_REDIRECTS_FILE_LINES, type ParsedRedirectsFile, parseRedirectsFile, writeRedirectsFile } from '../../../src/core/redirects/fileFormat';
import { type RedirectRule, RULE_DEFAULTS } from '../../../src/core/redirects/rule';

const page = (from: string, to: string, extra: Partial<RedirectRule> = {}): RedirectRule => ({ ...RULE_DEFAULTS, type: 'page', fromUrl: from, toUrl: to, ...extra });

// The shape readthedocs-cli users keep (nextstrain/cli doc/redirects.yaml).
const CLI_FILE = `# Authoritative list of redirects we have configured in RTD for this project.
---
- type: page
  from_url: /development/
  to_url: https://docs.nextstrain.org/en/latest/guides/contribute/cli-develop.html

# commands moved into the index
- type: page
  from_url: /commands/
  to_url: /#commands
  http_status: 301
`;

/** The text a problem points at. */
const at = (text: string, range: { start: number; end: number }) => text.slice(range.start, range.end);

describe('redirects/fileFormat', () => {
  it('reads the readthedocs-cli format: list order, defaults for the fields left out', () => {
    const file = parseRedirectsFile(CLI_FILE);
    assert.deepEqual(file.problems, []);
    assert.deepEqual(file.entries.map((e) => e.rule), [
      page('/development/', 'https://docs.nextstrain.org/en/latest/guides/contribute/cli-develop.html'),
      page('/commands/', '/#commands', { httpStatus: 301 }),
    ]);
    assert.equal(at(CLI_FILE, file.entries[1]!.fields.http_status!), '301');
  });

  it('an empty file is an empty list', () => {
    assert.deepEqual(parseRedirectsFile('').entries, []);
    assert.deepEqual(parseRedirectsFile('# nothing yet\n').problems, []);
  });

  it('locates every problem on the value it is about', () => {
    const text = [
      '- type: page',
      '  from_url: old.html',
      '  to_url: /new.html',
      '- type: exact',
      '  from_url: /a*b',
      '  to_url: /x/:splat',
      '  http_status: 307',
      '  force: yes please',
      '  position: 3',
      '- type: sphinx_html',
      '- just a string',
      '- from_url: /no-type',
      '- type: clean_url_to_html',
      '- type: clean_url_to_html',
      '  to_url: /ignored',
    ].join('\n');
    const problems = checkRedirectsFile(parseRedirectsFile(text));
    const seen = problems.map((p) => [p.severity, at(text, p.range), p.message.replace(/ \(.*$/, '')]);
    assert.deepEqual(seen.map(([, where]) => where), [
      'old.html', '/a*b', '/x/:splat', '307', 'yes please', 'position', 'sphinx_html', 'just a string', 'from_url: /no-type\n',
      'clean_url_to_html', '/ignored',
    ], 'in file order');
    assert.ok(problems.every((p) => /^(Redirect \d+|YAML): /.test(p.message)));
    assert.match(problems.find((p) => at(text, p.range) === 'sphinx_html')!.message, /Redirect 3: the type sphinx_html was renamed: write clean_url_to_html/);
    assert.match(problems.find((p) => at(text, p.range) === 'clean_url_to_html')!.message, /Redirect 7: only one redirect of type `clean_url_to_html`/);
    assert.deepEqual(problems.filter((p) => p.severity === 'warning').map((p) => at(text, p.range)), ['position', '/ignored']);
    assert.ok(hasErrors(problems));
  });

  it('accepts the types the project\'s server takes (an older one: prefix, sphinx_html, sphinx_htmldir) and refuses the others', () => {
    const text = [
      '- type: prefix',
      '  from_url: /old/',
      '  to_url: /new/',
      '- type: sphinx_html',
      '- type: sphinx_htmldir',
      '- type: clean_url_to_html',
    ].join('\n');
    const older = ['page', 'exact', 'prefix', 'sphinx_html', 'sphinx_htmldir'];
    const problems = checkRedirectsFile(parseRedirectsFile(text), 'community', older);
    assert.deepEqual(problems.map((p) => [p.severity, at(text, p.range), p.message]), [
      ['error', 'clean_url_to_html', 'Redirect 4: unknown type "clean_url_to_html" (page, exact, prefix, sphinx_html, sphinx_htmldir).'],
    ]);
    const onTheService = checkRedirectsFile(parseRedirectsFile(text), 'community').map((p) => at(text, p.range));
    assert.deepEqual(onTheService, ['prefix', 'sphinx_html', 'sphinx_htmldir'], 'the service refuses the old names');
  });

  it('a YAML syntax error is one located error; a mapping at the top is explained', () => {
    const broken = parseRedirectsFile('- type: page\n  from_url: [unclosed\n');
    assert.equal(broken.problems.length, 1);
    assert.match(broken.problems[0]!.message, /^YAML: /);
    assert.match(parseRedirectsFile('redirects:\n  /a: /b\n').problems[0]!.message, /YAML list of redirects/);
  });

  it('a %YAML 1.1 document reads with that version\'s schema (yes is true), and rewriting keeps the directive', () => {
    const text = '%YAML 1.1\n---\n- type: page\n  from_url: /a/\n  to_url: /b/\n  force: yes\n  enabled: off\n';
    const parsed = parseRedirectsFile(text);
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.entries.map((entry) => entry.rule), [page('/a/', '/b/', { force: true, enabled: false })]);
    const written = writeRedirectsFile([...parsed.entries.map((entry) => entry.rule), page('/c/', '/d/')], text);
    assert.match(written, /^%YAML 1\.1\n---\n/);
    assert.deepEqual(parseRedirectsFile(written).entries.map((entry) => entry.rule), [page('/a/', '/b/', { force: true, enabled: false }), page('/c/', '/d/')]);
  });

  it('duplicates (same type and from_url, normalised) are a warning on the later entry', () => {
    const text = '- type: page\n  from_url: /a/\n  to_url: /b\n- type: page\n  from_url: /a\n  to_url: /c\n';
    const problems = checkRedirectsFile(parseRedirectsFile(text));
    assert.equal(problems.length, 1);
    assert.equal(problems[0]!.severity, 'warning');
    assert.equal(at(text, problems[0]!.range), '/a');
    assert.match(problems[0]!.message, /Redirect 2: same type and from_url as redirect 1/);
  });

  it('more than 100 redirects is an error on community only', () => {
    const text = Array.from({ length: 101 }, (_, i) => `- {type: page, from_url: /p${i}, to_url: /q${i}}`).join('\n');
    assert.ok(hasErrors(checkRedirectsFile(parseRedirectsFile(text), 'community')));
    assert.ok(!hasErrors(checkRedirectsFile(parseRedirectsFile(text), 'business')));
  });

  it('writes a new file with only the fields that differ from the defaults, and reads it back the same', () => {
    const rules = [page('/a.html', '/b.html', { httpStatus: 301, description: 'Moved' }), { ...RULE_DEFAULTS, type: 'html_to_clean_url', fromUrl: '', toUrl: '', enabled: false }];
    const text = writeRedirectsFile(rules, undefined, ' Redirects of widgets');
    assert.equal(text, [
      '# Redirects of widgets',
      '',
      '- type: page',
      '  from_url: /a.html',
      '  to_url: /b.html',
      '  http_status: 301',
      '  description: Moved',
      '',
      '- type: html_to_clean_url',
      '  enabled: false',
      '',
    ].join('\n'));
    assert.deepEqual(parseRedirectsFile(text).entries.map((e) => e.rule), rules);
  });

  it('rewriting keeps comments, entries that stay as written, and changes only what differs', () => {
    const rules = [
      page('/new.html', '/x.html'),
      page('/commands', '/#commands', { httpStatus: 302 }),
      page('/development', 'https://docs.nextstrain.org/en/latest/guides/contribute/cli-develop.html'),
    ];
    const text = writeRedirectsFile(rules, CLI_FILE);
    assert.equal(text, [
      '# Authoritative list of redirects we have configured in RTD for this project.',
      '---',
      '- type: page',
      '  from_url: /new.html',
      '  to_url: /x.html',
      '',
      '# commands moved into the index',
      '- type: page',
      '  from_url: /commands/',
      '  to_url: /#commands',
      '  http_status: 302',
      '',
      '- type: page',
      '  from_url: /development/',
      '  to_url: https://docs.nextstrain.org/en/latest/guides/contribute/cli-develop.html',
      '',
    ].join('\n'));
    assert.equal(writeRedirectsFile(parseRedirectsFile(CLI_FILE).entries.map((e) => e.rule), CLI_FILE), CLI_FILE, 'the same rules leave the file as it was');
  });

  it('a redirect added on top (a rename offer) is set apart by the blank line that separates the others', () => {
    const file = '# Redirects of widgets\n\n- type: page\n  from_url: /a.html\n  to_url: /b.html\n\n- type: page\n  from_url: /c.html\n  to_url: /d.html\n';
    const old = parseRedirectsFile(file).entries.map((e) => e.rule);
    assert.equal(
      writeRedirectsFile([page('/new.html', '/x.html'), ...old], file),
      '# Redirects of widgets\n\n- type: page\n  from_url: /new.html\n  to_url: /x.html\n\n- type: page\n  from_url: /a.html\n  to_url: /b.html\n\n- type: page\n  from_url: /c.html\n  to_url: /d.html\n',
    );
    assert.equal(
      writeRedirectsFile([old[1]!, old[0]!], file),
      '# Redirects of widgets\n\n- type: page\n  from_url: /c.html\n  to_url: /d.html\n\n- type: page\n  from_url: /a.html\n  to_url: /b.html\n',
      'reordered: no blank line above the first entry, one between',
    );
    const compact = '- type: page\n  from_url: /a.html\n  to_url: /b.html\n- type: page\n  from_url: /c.html\n  to_url: /d.html\n';
    assert.equal(
      writeRedirectsFile([page('/new.html', '/x.html'), ...parseRedirectsFile(compact).entries.map((e) => e.rule)], compact),
      `- type: page\n  from_url: /new.html\n  to_url: /x.html\n${compact}`,
      'a file without blank lines between its entries gets none',
    );
  });
});

describe('redirects/fileFormat: bounded in size and count', () => {
  const entry = (i: number) => `- type: page\n  from_url: /old/${i}.html\n  to_url: /new/${i}.html\n`;

  it('reads as many entries as the cap, refuses one more with a message saying so', () => {
    const full = Array.from({ length: 200 }, (_, i) => entry(i)).join('');
    assert.equal(parseRedirectsFile(full, 200).entries.length, 200);
    const over = parseRedirectsFile(full + entry(200), 200);
    assert.deepEqual(over.entries, []);
    assert.deepEqual(over.problems.map((p) => [p.severity, p.message]), [['error', 'The redirects file holds 201 redirects, more than the 200 read: it is not read.']]);
    assert.equal(MAX_REDIRECTS_FILE_ENTRIES, 10_000);
  });

  it('refuses a file over 10 MB before parsing it', () => {
    const huge = `# ${'x'.repeat(MAX_REDIRECTS_FILE_CHARS)}\n${entry(1)}`;
    const parsed = parseRedirectsFile(huge);
    assert.deepEqual(parsed.entries, []);
    assert.deepEqual(parsed.problems.map((p) => [p.message, p.range]), [['The redirects file is larger than 10 MB: it is not read.', { start: 0, end: 1 }]]);
  });

  it('counts the entries and lines before parsing: too many are refused without reading the YAML', () => {
    // The broken entry at the end would be a YAML error if the file were parsed.
    const over = parseRedirectsFile(`${Array.from({ length: 201 }, (_, i) => entry(i)).join('')}- [unclosed\n`, 201);
    assert.deepEqual(over.problems.map((p) => [p.message, p.range]), [['The redirects file holds 202 redirects, more than the 201 read: it is not read.', { start: 0, end: 1 }]]);
    const comments = parseRedirectsFile(`${'#\n'.repeat(MAX_REDIRECTS_FILE_LINES)}${entry(1)}`);
    assert.deepEqual(comments.entries, []);
    assert.deepEqual(comments.problems.map((p) => p.message), [`The redirects file has more than ${MAX_REDIRECTS_FILE_LINES} lines: it is not read.`]);
    assert.equal(parseRedirectsFile(`${'#\n'.repeat(MAX_REDIRECTS_FILE_LINES - 4)}${entry(1)}`).entries.length, 1, 'as many lines as the cap are read');
  });

  it('checks 10,000 entries reading each once (no entry compared with every earlier one)', () => {
    const parsed = parseRedirectsFile(Array.from({ length: 10_000 }, (_, i) => entry(i)).join(''));
    let reads = 0;
    const entries = new Proxy([...parsed.entries], {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const counted: ParsedRedirectsFile = { ...parsed, entries };
    assert.deepEqual(checkRedirectsFile(counted), []);
    assert.ok(reads <= 10_000, `${reads} reads`);
    const twoCleanUrls = parseRedirectsFile('- type: clean_url_to_html\n- type: page\n  from_url: /a\n  to_url: /b\n- type: clean_url_to_html\n');
    assert.deepEqual(checkRedirectsFile(twoCleanUrls).map((p) => p.message), ['Redirect 3: only one redirect of type `clean_url_to_html` is allowed per project, and this project already has one.']);
  });

  it('rewriting reuses each entry of the file once, matched by its key (duplicates in file order)', () => {
    const rules = Array.from({ length: 300 }, (_, i) => page(`/old/${i}.html`, `/new/${i}.html`));
    const previous = `# kept\n${Array.from({ length: 300 }, (_, i) => entry(i)).join('')}- type: page # the first\n  from_url: /old/0.html\n  to_url: /new/0.html\n`;
    const written = writeRedirectsFile([...rules, rules[0]].reverse(), previous);
    assert.match(written, /^# kept\n/);
    assert.deepEqual(parseRedirectsFile(written).entries.map((e) => e.rule.fromUrl).slice(0, 3), ['/old/0.html', '/old/299.html', '/old/298.html']);
    assert.equal(written.match(/# the first/g)?.length, 1);
  });
});
