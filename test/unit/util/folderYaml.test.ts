import * as assert from 'node:assert/strict';
import { layoutFromMkdocs } from '../../../src/core/docsLayout/layout';
import { MAX_MKDOCS_YAML_CHARS, MKDOCS_YAML, readMkdocsYaml } from '../../../src/core/docsLayout/mkdocsYaml';
import { mkdocsInventoriesOf } from '../../../src/core/inventory/mkdocsInventories';
import { MAX_CONFIG_CHARS } from '../../../src/core/docsLayout/configYaml';
import { configKeySpan } from '../../../src/core/readthedocsYaml/configKeyRange';
import { parseConfig } from '../../../src/core/readthedocsYaml/checkConfig';
import { READTHEDOCS_YAML } from '../../../src/core/docsLayout/configYaml';
import { parseRedirectsFile } from '../../../src/core/redirects/fileFormat';
import {
  type FolderYaml, MAX_YAML_ANCHORS_AND_ALIASES, MAX_YAML_DEPTH, MAX_YAML_EXPANDED_VALUES, type RefusedYaml, type YamlFileKind, parseFolderYaml, readFolderYaml,
} from '../../../src/core/util/folderYaml';

/** The reading's plain value, failing the test when the file was refused. */
function valueOf(read: FolderYaml | RefusedYaml): unknown {
  assert.equal(read.refused, undefined, `refused: ${read.refused}`);
  return (read as FolderYaml).value();
}

/** `count` pairs of an anchor and its alias, at the top level. */
const anchorPairs = (count: number) => Array.from({ length: count }, (_, i) => `k${i}: &a${i} v${i}\nr${i}: *a${i}\n`).join('');

/** A test kind that counts how often a text of it is parsed (yaml asks for the custom tags once per parse). */
function countingKind(): { kind: YamlFileKind; parses: () => number } {
  let parses = 0;
  return { kind: { name: () => 'counted.yml', maxChars: 1024, customTags: () => { parses += 1; return []; } }, parses: () => parses };
}

describe('util/folderYaml: one reader for mkdocs.yml, .readthedocs.yaml and the redirects file', () => {
  it('refuses a text longer than its kind\'s cap, with the reason; mkdocs.yml is no longer bounded by the 10 MB of any folder file', () => {
    assert.equal(MAX_MKDOCS_YAML_CHARS, 48 * 1024);
    const atCap = `site_name: x\n#${'x'.repeat(MAX_MKDOCS_YAML_CHARS - 15)}\n`;
    assert.equal(atCap.length, MAX_MKDOCS_YAML_CHARS);
    assert.equal(readMkdocsYaml(atCap)?.site_name, 'x');
    assert.equal(readMkdocsYaml(`${atCap} `), undefined);
    assert.deepEqual(readFolderYaml(MKDOCS_YAML, `${atCap} `), { refused: 'mkdocs.yml is larger than 48 KB: it is not read.' });
    assert.equal(layoutFromMkdocs('mkdocs.yml', `docs_dir: pages\n${atCap}`).root, 'docs', 'an over-cap mkdocs.yml reads as the defaults');

    const config = `version: 2\nmkdocs:\n  configuration: mkdocs.yml\n#${'x'.repeat(MAX_CONFIG_CHARS)}\n`;
    assert.equal(parseConfig(config), undefined);
    assert.equal(configKeySpan(config, 'mkdocs'), undefined);
    assert.deepEqual(readFolderYaml(READTHEDOCS_YAML, config), { refused: '.readthedocs.yaml is larger than 32 KB: it is not read.' });
  });

  it('counts anchors and aliases before composing anything and refuses more than the few a configuration holds', () => {
    const { kind, parses } = countingKind();
    const most = `a: &x 1\n${Array.from({ length: MAX_YAML_ANCHORS_AND_ALIASES - 1 }, (_, i) => `b${i}: *x`).join('\n')}\n`;
    assert.deepEqual(valueOf(parseFolderYaml({ ...kind, maxChars: 4096 }, most)), { a: 1, ...Object.fromEntries(Array.from({ length: 99 }, (_, i) => [`b${i}`, 1])) });
    assert.equal(parses(), 1);
    const tooMany = `${most}c: *x\n`;
    assert.deepEqual(parseFolderYaml({ ...kind, maxChars: 4096 }, tooMany), { refused: 'counted.yml holds more than 100 anchors and aliases: it is not read.' });
    assert.equal(parses(), 1, 'refused before yaml composed a node (it asks for the tags when it starts)');
    assert.equal(readMkdocsYaml(anchorPairs(51)), undefined, '51 anchors and 51 aliases');
    assert.deepEqual(readMkdocsYaml(anchorPairs(50))?.r49, 'v49');
    assert.equal(parseConfig(`version: 2\n${anchorPairs(51)}`), undefined);
  });

  it('refuses aliases that stand for more values than a walk should meet, and a value that contains itself', () => {
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 5 }, (_, i) => {
      const name = String.fromCharCode(98 + i);
      const previous = String.fromCharCode(97 + i);
      return `${name}: &${name} [${Array.from({ length: 10 }, () => `*${previous}`).join(', ')}]`;
    })].join('\n');
    assert.deepEqual(readFolderYaml(MKDOCS_YAML, laughs), { refused: `mkdocs.yml stands for more than ${MAX_YAML_EXPANDED_VALUES} values through its aliases: it is not read.` });
    assert.ok('refused' in readFolderYaml(MKDOCS_YAML, 'a: &a [1, *a]\n'));
    assert.deepEqual(readMkdocsYaml('base: &base {theme: material}\nother: *base\n')?.other, { theme: 'material' });
  });

  it(`refuses collections nested more than ${MAX_YAML_DEPTH} deep, in flow or block style, without recursing`, () => {
    const flow = (depth: number) => `nav: ${'['.repeat(depth)}x${']'.repeat(depth)}\n`;
    assert.ok(readMkdocsYaml(flow(MAX_YAML_DEPTH - 1)), 'the mapping and 63 lists');
    assert.deepEqual(readFolderYaml(MKDOCS_YAML, flow(MAX_YAML_DEPTH)), { refused: 'mkdocs.yml nests more than 64 levels deep: it is not read.' });
    assert.ok('refused' in readFolderYaml(MKDOCS_YAML, `${'- '.repeat(MAX_YAML_DEPTH + 1)}x\n`));
    assert.deepEqual(readFolderYaml(MKDOCS_YAML, `a: ${'['.repeat(40_000)}`), { refused: 'mkdocs.yml nests more than 64 levels deep: it is not read.' }, 'deeper than any stack');
  });

  it('parses a text once: the same text of the same kind gets the same reading', () => {
    const { kind, parses } = countingKind();
    const first = readFolderYaml(kind, 'a: 1\n');
    assert.equal(readFolderYaml(kind, 'a: 1\n'), first);
    assert.equal(parses(), 1);
    assert.notEqual(readFolderYaml(kind, 'a: 2\n'), first);
    assert.equal(parses(), 2);
    assert.notEqual(parseFolderYaml(kind, 'a: 1\n'), first, 'a document of the caller\'s own');

    const config = 'version: 2\nformats: [pdf]\nbuild:\n  os: ubuntu-24.04\n';
    const diagnostics = parseConfig(config)!;
    const quickFixes = parseConfig(config)!;
    assert.equal(quickFixes.document, diagnostics.document, 'the quick fixes read the document the diagnostics did');
    assert.equal(quickFixes.config, diagnostics.config);
    assert.deepEqual(configKeySpan(config, 'build.os'), { start: 35, end: 37 });
  });

  it('reads real mkdocs.yml shapes: Material\'s python tags, !ENV, !relative', () => {
    // Excerpts of squidfunk/mkdocs-material's own mkdocs.yml, and of mkdocstrings' documented config.
    const material = `site_name: Material for MkDocs
extra:
  analytics:
    provider: google
    property: !ENV GOOGLE_ANALYTICS_KEY
markdown_extensions:
  - pymdownx.emoji:
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
      emoji_index: !!python/name:material.extensions.emoji.twemoji
  - pymdownx.snippets:
      base_path: !relative $config_dir
  - pymdownx.tabbed:
      alternate_style: true
      slugify: !!python/object/apply:pymdownx.slugs.slugify
        kwds:
          case: lower
plugins:
  - search:
      separator: '[\\s\\u200b\\-_,:!=\\[\\]()"\`/]+|\\.(?!\\d)|&[lg]t;|(?!\\b)(?=[A-Z][a-z])'
  - mkdocstrings:
      handlers:
        python:
          inventories:
            - https://docs.python.org/3/objects.inv
            - url: https://www.mkdocs.org/objects.inv
              base_url: https://www.mkdocs.org/
`;
    const config = readMkdocsYaml(material);
    assert.equal(config?.site_name, 'Material for MkDocs');
    const extensions = config?.markdown_extensions as Record<string, Record<string, unknown>>[];
    assert.deepEqual(extensions[2]!['pymdownx.tabbed']!.slugify, { kwds: { case: 'lower' } });
    assert.equal(extensions[1]!['pymdownx.snippets']!.base_path, '$config_dir');
    assert.deepEqual([...mkdocsInventoriesOf(material).keys()], ['docs.python.org/3', 'www.mkdocs.org']);
  });

  it('the redirects file: a key given twice in an entry is still an error (found with a set per mapping), aliases counted too', () => {
    const twice = parseRedirectsFile('- type: page\n  from_url: /a/\n  from_url: /b/\n  to_url: /c/\n');
    assert.deepEqual(twice.problems.map((p) => p.message), ['YAML: Map keys must be unique']);
    const many = `- &e {type: page, from_url: /a/, to_url: /b/}\n${'- *e\n'.repeat(MAX_YAML_ANCHORS_AND_ALIASES)}`;
    assert.deepEqual(parseRedirectsFile(many).problems.map((p) => p.message), ['The redirects file holds more than 100 anchors and aliases: it is not read.']);
  });
});
