// The libraries as the .vsix ships them: dist/undici.js (with its llhttp files), dist/parse5.js and
// dist/yaml.js built with the production options (scripts/lib/libraries.mjs); the source in
// ./productionLibraries/probe.ts is bundled with the plugin of the extension's bundle, so it
// requires those files. Over real sockets on loopback: the client through an HTTP
// CONNECT proxy and over TLS; then the HTML sanitiser on the hostile corpus and the redirects file
// format, each compared with the same source running on the libraries of node_modules.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { type NetworkSettings } from '../../src/core/api/network';
import * as source from './productionLibraries/probe';
import { assertSafeHtml } from '../unit/html/safetyChecks';
import { HOST_IP, type ProxyLab, listedSlugs as slugs, proxyClientOptions, startProxyLab } from '../helpers/proxyServers';

type Probe = typeof source;
const root = join(__dirname, '..', '..');
const PAGE_URL = 'https://example-project.readthedocs.io/en/latest/usage.html';

interface LibrariesModule {
  LIBRARIES_ON_FIRST_USE: string[];
  librariesOnFirstUse: esbuild.Plugin;
}
interface BundlesModule {
  commonOptions(production: boolean): esbuild.BuildOptions;
  extensionBundles(options: { production: boolean; outdir: string }): esbuild.BuildOptions[];
}

/** Every name the source destructures from `loadParse5()`. */
async function parse5NamesUsed(): Promise<string[]> {
  const names = new Set<string>();
  const files = (await readdir(join(root, 'src'), { recursive: true })).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    const text = await readFile(join(root, 'src', file), 'utf8');
    for (const [, list] of text.matchAll(/\{([^{}]*)\}\s*=\s*loadParse5\(\)/g)) for (const name of list.split(',')) names.add(name.trim().split(/\s*:/)[0]);
    for (const [, name] of text.matchAll(/loadParse5\(\)\.(\w+)/g)) names.add(name);
  }
  return [...names].filter(Boolean).sort();
}

/** Every name the source reads from `loadYaml()`. */
async function yamlNamesUsed(): Promise<string[]> {
  const names = new Set<string>();
  const files = (await readdir(join(root, 'src'), { recursive: true })).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    for (const [, name] of (await readFile(join(root, 'src', file), 'utf8')).matchAll(/loadYaml\(\)\.(\w+)/g)) names.add(name);
  }
  return [...names].sort();
}

describe('production libraries: the bundles the .vsix ships, over real sockets', function () {
  this.timeout(60_000);
  let dir: string;
  let probe: Probe;
  let libraries: LibrariesModule;
  let lab: ProxyLab;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'readthedocs-production-libraries-'));
    libraries = (await import(pathToFileURL(join(root, 'scripts', 'lib', 'libraries.mjs')).href)) as LibrariesModule;
    const bundles = (await import(pathToFileURL(join(root, 'scripts', 'lib', 'bundles.mjs')).href)) as BundlesModule;
    const isLibrary = (options: esbuild.BuildOptions) => Object.keys(options.entryPoints ?? {}).some((name) => libraries.LIBRARIES_ON_FIRST_USE.includes(name));
    for (const options of bundles.extensionBundles({ production: true, outdir: dir }).filter(isLibrary)) await esbuild.build(options);
    await esbuild.build({
      ...bundles.commonOptions(true),
      entryPoints: { probe: join(root, 'test', 'integration', 'productionLibraries', 'probe.ts') },
      outdir: dir,
      // As in the extension's bundles: `import('undici')` becomes a require() of dist/undici.js.
      supported: { 'dynamic-import': false },
      plugins: [libraries.librariesOnFirstUse],
    });
    probe = createRequire(__filename)(join(dir, 'probe.js')) as Probe;

    lab = await startProxyLab();
  });
  beforeEach(() => { lab.tunnels.length = 0; });
  after(async () => {
    await lab?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const client = (baseUrl: string, network: NetworkSettings, systemCertificates: readonly string[] = []) => (
    new probe.ReadTheDocsClient(proxyClientOptions(baseUrl, () => network, { systemCertificates: () => systemCertificates })));
  const failure = async (c: InstanceType<Probe['ReadTheDocsClient']>) => {
    try {
      return await c.projects.list().then(() => undefined, (error: unknown) => error);
    } finally {
      await c.dispose();
    }
  };

  it('the probe requires the production library files and carries neither', async () => {
    const code = await readFile(join(dir, 'probe.js'), 'utf8');
    assert.match(code, /require\("\.\/undici\.js"\)/);
    assert.match(code, /require\("\.\/parse5\.js"\)/);
    assert.match(code, /require\("\.\/yaml\.js"\)/);
    assert.doesNotMatch(code, /llhttp|getFragmentParser|YAMLMap/);
  });

  it('dist/parse5.js exports every name the source takes from parse5', async () => {
    const used = await parse5NamesUsed();
    assert.ok(used.includes('parseFragment') && used.includes('defaultTreeAdapter'), `the scan found ${used.join(', ')}`);
    const parse5 = createRequire(__filename)(join(dir, 'parse5.js')) as Record<string, unknown>;
    for (const name of used) assert.ok(parse5[name], `parse5.${name} is in dist/parse5.js`);
  });

  it('dist/yaml.js exports every name the source takes from yaml', async () => {
    const used = await yamlNamesUsed();
    assert.ok(used.includes('parseDocument') && used.includes('YAMLSeq'), `the scan found ${used.join(', ')}`);
    const yaml = createRequire(__filename)(join(dir, 'yaml.js')) as Record<string, unknown>;
    for (const name of used) assert.ok(yaml[name], `yaml.${name} is in dist/yaml.js`);
  });

  it('through an HTTP CONNECT proxy: to an http server, and to an https one (TLS inside the tunnel)', async () => {
    assert.deepEqual(await slugs(client(`http://docs.test:${lab.plainPort}`, { proxy: lab.proxyUrl, proxyAuthorization: 'Basic dXNlcjpwYXNz' })), ['widgets']);
    assert.deepEqual(await slugs(client(`https://docs.test:${lab.securePort}`, { proxy: lab.proxyUrl }, [lab.caPem])), ['widgets']);
    assert.deepEqual(lab.tunnels, [
      { target: `docs.test:${lab.plainPort}`, authorization: 'Basic dXNlcjpwYXNz' },
      { target: `docs.test:${lab.securePort}`, authorization: undefined },
    ]);
  });

  it('TLS: accepted when the CA is trusted, refused naming the certificate problem otherwise', async () => {
    assert.deepEqual(await slugs(client(`https://${HOST_IP}:${lab.securePort}`, {}, [lab.caPem])), ['widgets']);
    const refused = await failure(client(`https://${HOST_IP}:${lab.securePort}`, {}));
    assert.ok(refused instanceof probe.CertificateError, `CertificateError, got ${String(refused)}`);
    assert.match(probe.describeError(refused), /certificate of 127\.0\.0\.2:\d+ is not trusted/);
    assert.deepEqual(await slugs(client(`https://docs.test:${lab.securePort}`, { proxy: lab.proxyUrl, proxyStrictSSL: false })), ['widgets'], 'http.proxyStrictSSL: false through a proxy');
  });

  it('a SOCKS proxy (not supported) is refused with a message that says so, before undici sees it', async () => {
    for (const proxy of ['socks5://127.0.0.1:1', 'SOCKS://user:secret@127.0.0.1:1']) {
      const refused = await failure(client(`http://docs.test:${lab.plainPort}`, { proxy }));
      assert.match(probe.describeError(refused), /is a SOCKS proxy \(socks5?:\/\/\), which this extension does not support: set http\.proxy to an http:\/\/ or https:\/\/ proxy\./);
      assert.doesNotMatch(probe.describeError(refused), /secret/);
    }
    assert.deepEqual(lab.tunnels, []);
  });

  it('HTML: the hostile corpus and the docs samples sanitise as with parse5 from node_modules, and safely', async () => {
    const folders = ['hostile', 'sphinx'].map((name) => join(root, 'test', 'fixtures', 'html', name));
    const files = (await Promise.all(folders.map(async (folder) => (await readdir(folder)).filter((f) => f.endsWith('.html')).map((f) => join(folder, f))))).flat();
    assert.ok(files.length >= 20, `${files.length} samples`);
    for (const file of files) {
      const html = await readFile(file, 'utf8');
      const shipped = probe.sanitizeHtml(html, { pageUrl: PAGE_URL });
      assert.deepEqual(shipped, source.sanitizeHtml(html, { pageUrl: PAGE_URL }), file);
      assertSafeHtml(shipped.html);
      assert.deepEqual(probe.htmlToMarkdown(html, { pageUrl: PAGE_URL }), source.htmlToMarkdown(html, { pageUrl: PAGE_URL }), file);
    }
  });

  it('HTML: named character references decode as with parse5 from node_modules', () => {
    const names = ['amp;', 'lt;', 'gt;', 'quot;', 'nbsp;', 'copy', 'copy;', 'AElig', 'eacute;', 'notin;', 'notit;', 'not', 'zwnj;', 'hellip;',
      'rarr;', 'NotNestedGreaterGreater;', 'CounterClockwiseContourIntegral;', 'fjlig;', 'bne;', 'ThickSpace;', 'Zopf;', 'zwj;', 'nosuchentity;'];
    const html = `<p title="a&amp;b&copyx&not=1">${names.map((name) => `&${name}|`).join('')} &#x1F600; &#0; &#128;</p>`;
    const shipped = probe.sanitizeHtml(html, { pageUrl: PAGE_URL });
    assert.deepEqual(shipped, source.sanitizeHtml(html, { pageUrl: PAGE_URL }));
    assert.match(shipped.html, /∉\|¬it;\|/);
    assert.match(shipped.html, /⪢̸\|∳\|fj\|/);
  });

  it('the redirects file: read and rewritten with its comments, as with yaml from node_modules', () => {
    const text = [
      '# Redirects of the docs (kept in the repository).',
      '- type: page',
      '  from_url: /old/  # moved in 2024',
      '  to_url: /new/',
      '',
      '# the API reference',
      '- type: exact',
      '  from_url: /api/$rest',
      '  to_url: /reference/:splat',
      '  http_status: 301',
      '  force: true',
      "  description: 'API, \"renamed\"'",
      '',
    ].join('\n');
    const parsed = probe.parseRedirectsFile(text);
    assert.deepEqual(parsed, source.parseRedirectsFile(text));
    assert.deepEqual(parsed.problems, []);
    const rules = [...parsed.entries.map((entry) => entry.rule).reverse(), { ...parsed.entries[0].rule, fromUrl: '/older/' }];
    const written = probe.writeRedirectsFile(rules, text);
    assert.equal(written, source.writeRedirectsFile(rules, text));
    assert.match(written, /# Redirects of the docs \(kept in the repository\)\.\n/);
    assert.match(written, /# moved in 2024/);
    assert.match(written, /# the API reference\n- type: exact/);
    assert.equal(probe.writeRedirectsFile(rules, undefined, 'A new file.'), source.writeRedirectsFile(rules, undefined, 'A new file.'));
    const broken = '- type: page\n  from_url: [unclosed\n';
    assert.deepEqual(probe.parseRedirectsFile(broken), source.parseRedirectsFile(broken));
    const declared = `%YAML 1.2\n---\n${text}`;
    assert.deepEqual(probe.parseRedirectsFile(declared), source.parseRedirectsFile(declared));
  });

  it('the redirects file: a %YAML 1.1 document reads with that schema, as with yaml from node_modules', () => {
    const text = '# old style\n%YAML 1.1\n---\n- type: page\n  from_url: /a/\n  to_url: /b/\n  force: yes\n';
    const parsed = probe.parseRedirectsFile(text);
    assert.deepEqual(parsed, source.parseRedirectsFile(text));
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.entries.map((entry) => [entry.rule.fromUrl, entry.rule.force]), [['/a/', true]], 'yes is true in YAML 1.1');
    assert.equal(probe.writeRedirectsFile(parsed.entries.map((entry) => entry.rule), text), source.writeRedirectsFile(parsed.entries.map((entry) => entry.rule), text));
  });
});
