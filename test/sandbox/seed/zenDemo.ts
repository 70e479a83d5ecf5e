// `zen-demo`: a Zensical + mkdocstrings project built as Read the Docs builds Zensical (build.jobs:
// install, `zensical build`, the copy of `site/`). Its repository is test/fixtures/zensical-demo; its
// log and site are reconstructed from Zensical's sources (that folder's README says what and how).

import { deflateSync } from 'node:zlib';
import { BUILD_FAILED } from '../builds';
import type { ProjectRecord, SandboxDb } from '../db';
import { sha1Hex } from '../hash';

export const ZEN_DEMO = 'zen-demo';

/** The files of its repository (test/fixtures/zensical-demo without its README), for the log, the pages and a test's clone. */
export const ZEN_DEMO_SOURCES: Record<string, string> = {
  ".readthedocs.yaml": "version: 2\nbuild:\n  os: ubuntu-24.04\n  tools:\n    python: \"3.12\"\n  jobs:\n    install:\n      - pip install -r requirements.txt\n    build:\n      html:\n        - zensical build --strict\n    post_build:\n      - mkdir -p $READTHEDOCS_OUTPUT/html/\n      - cp --recursive site/* $READTHEDOCS_OUTPUT/html/\n",
  "docs/api.md": "# API reference\n\n::: zen_demo.core\n",
  "docs/guide/getting started.md": "# Getting started — café ☕\n\nInstall it with `pip install zen-demo`.\n\n## Greeting people\n\nCall [zen_demo.core.greet][] with a name; whispering is not there yet: [zen_demo.core.whisper][].\n\n🚀 Setting up? See the [naïve setup](#naive-setup), which this page no longer has.\n",
  "docs/index.md": "# Zensical Demo\n\nA small package documented with Zensical and mkdocstrings.\n\nStart with the [guide](guide/getting%20started.md), or read [the API](api.md).\n\nThe main entry point is [greet][zen_demo.core.greet]; what changed is in [the changelog](changelog.md).\n\n[unused]: https://zensical.org/\n",
  "requirements.txt": "zensical==0.1.1\nmkdocstrings-python\n",
  "zen_demo/__init__.py": "\"\"\"A small package for the Zensical demo.\"\"\"\n",
  "zen_demo/core.py": "\"\"\"Greetings, the core of zen_demo.\n\nUse [greet][zen_demo.core.greet] for one greeting.\n\"\"\"\n\n\ndef greet(name: str) -> str:\n    \"\"\"Greet someone.\n\n    Args:\n        name: Who to greet.\n\n    Returns:\n        The greeting.\n    \"\"\"\n    return f\"Hello, {name}!\"\n\n\nclass Greeter:\n    \"\"\"Keeps a greeting and says it.\n\n    Louder greetings: see [zen_demo.core.yell][].\n    \"\"\"\n\n    def shout(self, text):\n        \"\"\"Say the text loudly.\n\n        Args:\n            text: What to say.\n        \"\"\"\n        return text.upper()\n",
  "zensical.toml": "[project]\nsite_name = \"Zensical Demo\"\nsite_url = \"https://zen-demo.readthedocs.io/en/latest/\"\ndocs_dir = \"docs\"\nnav = [\n  { \"Home\" = \"index.md\" },\n  { \"Getting started\" = \"guide/getting started.md\" },\n  { \"API\" = \"api.md\" },\n]\n\n[project.plugins.mkdocstrings.handlers.python]\npaths = [\".\"]\n"
};

/** The jobs of its `.readthedocs.yaml`, with or without `--strict`. */
const jobs = (strict: boolean) => ({
  install: ['pip install -r requirements.txt'],
  build: { html: [strict ? 'zensical build --strict' : 'zensical build'] },
  post_build: ['mkdir -p $READTHEDOCS_OUTPUT/html/', 'cp --recursive site/* $READTHEDOCS_OUTPUT/html/'],
});

/**
 * What Read the Docs resolves from such a `.readthedocs.yaml` (FACTS.md §27: upstream
 * `BuildConfigV2.as_dict`): `doctype: "generic"`, `mkdocs: null`, and `sphinx` as its defaults object.
 */
export const zenDemoConfig = (strict: boolean) => ({
  version: 2,
  doctype: 'generic',
  build: { os: 'ubuntu-24.04', tools: { python: '3.12' }, jobs: jobs(strict), apt_packages: [], commands: [] },
  mkdocs: null,
  sphinx: { builder: 'sphinx', configuration: null, fail_on_warning: false },
  python: { install: [] },
  formats: [],
  submodules: { include: [], exclude: [], recursive: false },
  search: { ranking: {}, ignore: ['search.html', 'search/index.html', '404.html', '404/index.html'] },
});

/** A page of its site: Zensical's main content is the `<article>` (the addons' selector for it). */
const page = (title: string, article: string) => `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="generator" content="zensical-0.1.1">\n<title>${title} - Zensical Demo</title>\n</head>\n<body>\n<main>\n<article class="md-content__inner md-typeset">\n${article}\n</article>\n</main>\n</body>\n</html>\n`;

/** Its site's pages (directory URLs: `guide/getting started.md` is `guide/getting%20started/`). */
export const ZEN_DEMO_PAGES: Record<string, string> = {
  'index.html': page('Home', '<h1 id="zensical-demo">Zensical Demo</h1>\n<p>A small package documented with Zensical and mkdocstrings.</p>\n<p>Start with the <a href="guide/getting%20started/">guide</a>, or read <a href="api/">the API</a>.</p>\n<p>The main entry point is <a class="autorefs autorefs-internal" href="api/#zen_demo.core.greet">greet</a>; what changed is in <a href="changelog.md">the changelog</a>.</p>'),
  'guide/getting started/index.html': page('Getting started', '<h1 id="getting-started-cafe">Getting started — café ☕</h1>\n<p>Install it with <code>pip install zen-demo</code>.</p>\n<h2 id="greeting-people">Greeting people</h2>\n<p>Call <a class="autorefs autorefs-internal" href="../../api/#zen_demo.core.greet">zen_demo.core.greet</a> with a name; whispering is not there yet: [zen_demo.core.whisper][].</p>\n<p>🚀 Setting up? See the <a href="#naive-setup">naïve setup</a>, which this page no longer has.</p>'),
  'api/index.html': page('API', '<h1 id="api-reference">API reference</h1>\n<div class="doc doc-object doc-module"><a id="zen_demo.core"></a>\n<p>Greetings, the core of zen_demo.</p>\n<h2 id="zen_demo.core.Greeter" class="doc doc-heading"><code>Greeter</code></h2>\n<p>Keeps a greeting and says it.</p>\n<p>Louder greetings: see [zen_demo.core.yell][].</p>\n<h3 id="zen_demo.core.Greeter.shout" class="doc doc-heading"><code>shout(text)</code></h3>\n<p>Say the text loudly.</p>\n<h2 id="zen_demo.core.greet" class="doc doc-heading"><code>greet(name)</code></h2>\n<p>Greet someone.</p>\n</div>'),
};

/**
 * The `objects.inv` Zensical writes (since 0.0.19, from mkdocstrings' objects): project = `site_name`,
 * version always `0.0.0`, `py:` entries at directory URLs.
 */
export function zenDemoObjectsInv(): Buffer {
  const entries = ['zen_demo.core py:module 1 api/#$ -', 'zen_demo.core.Greeter py:class 1 api/#$ -', 'zen_demo.core.Greeter.shout py:function 1 api/#$ -', 'zen_demo.core.greet py:function 1 api/#$ -'];
  const header = '# Sphinx inventory version 2\n# Project: Zensical Demo\n# Version: 0.0.0\n# The remainder of this file is compressed using zlib.\n';
  return Buffer.concat([Buffer.from(header), deflateSync(Buffer.from(`${entries.join('\n')}\n`))]);
}

/**
 * Its pages and objects.inv on `latest`, a build whose log has Zensical's reports a day ago, and a
 * newer `--strict` one that failed on them (logs/zenDemoOutputs.ts).
 */
export function addZenDemo(db: SandboxDb, project: ProjectRecord, now: number): void {
  db.addVersion(project.slug, { slug: 'latest', identifier: 'main', machine: true });
  for (const [path, html] of Object.entries(ZEN_DEMO_PAGES)) db.addPage(project.slug, path, html);
  db.inventories.set(project.slug, zenDemoObjectsInv());
  const warned = db.addBuild({
    project: project.slug, version: 'latest', created: now - 26 * 3_600_000, state: 'finished', success: true,
    commit: sha1Hex('zen-demo:latest:0'), duration: 21, config: zenDemoConfig(false),
  });
  db.buildLogs.set(warned.id, 'zen-demo-warnings');
  const strict = db.addBuild({
    project: project.slug, version: 'latest', created: now - 4 * 3_600_000, state: 'finished', success: false,
    commit: sha1Hex('zen-demo:latest:1'), duration: 19, config: zenDemoConfig(true),
  });
  db.buildLogs.set(strict.id, 'zen-demo-strict');
  db.addNotification({ build: strict.id, ...BUILD_FAILED });
}
