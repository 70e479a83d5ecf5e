// Pages of the smaller demo projects and of the one allowed external site.

import { codeBlock, mkdocsHeading, mkdocsPage, section, sphinxPage } from './templates';

const gadgetNav: [string, string][] = [['..', 'Home'], ['../setup/', 'Setup']];

/** MkDocs with directory URLs: `…/en/latest/` and `…/en/latest/setup/`. */
export const GADGET_PAGES: Record<string, string> = {
  'index.html': mkdocsPage({ site: 'Gadget Docs', title: 'Home', nav: gadgetNav, body: [
    mkdocsHeading(1, 'gadget-docs', 'Gadget Docs'),
    '<p>Gadget is a command-line tool for wiring gadgets together. Start with <a href="setup/">Setup</a>.</p>',
    mkdocsHeading(2, 'features', 'Features'),
    '<ul><li>Fast wiring</li><li>Plugins written in <a href="https://www.typescriptlang.org/">TypeScript</a></li></ul>',
  ].join('\n') }),
  'setup/index.html': mkdocsPage({ site: 'Gadget Docs', title: 'Setup', nav: gadgetNav, body: [
    mkdocsHeading(1, 'setup', 'Setup'),
    '<p>Gadget needs Node.js 20 or newer.</p>',
    mkdocsHeading(2, 'requirements', 'Requirements'),
    '<ul><li>Node.js 20+</li><li>npm 10+</li></ul>',
    mkdocsHeading(2, 'install', 'Install'),
    '<pre><code>npm install --global gadget-cli</code></pre>',
    '<p>Then read the <a href="../#features">feature list</a>.</p>',
  ].join('\n') }),
};

export const OTHERS_PROJECT_PAGES: Record<string, string> = {
  'index.html': sphinxPage({ project: "Other's Project", title: "Other's Project", nav: [], body: section('others-project', 1, "Other's Project",
    '<p>Documentation maintained by another user.</p>') }),
};

export const LEGACY_PAGES: Record<string, string> = {
  'index.html': sphinxPage({ project: 'Legacy Widgets', title: 'Legacy Widgets', nav: [], body: section('legacy-widgets', 1, 'Legacy Widgets',
    '<div class="admonition warning"><p class="admonition-title">Warning</p><p>This project is no longer maintained; builds are disabled.</p></div>') }),
};

/** `https://docs.python.org/3/library/json.html`: an allowed external domain (`external: true`). */
export const EXTERNAL_PAGES: Record<string, string> = {
  'https://docs.python.org/3/library/json.html': sphinxPage({ project: 'Python 3.13', title: 'json — JSON encoder and decoder', nav: [], body: section('module-json', 1, 'json — JSON encoder and decoder',
    '<p><strong>Source code:</strong> <a class="reference external" href="https://github.com/python/cpython/tree/main/Lib/json/__init__.py">Lib/json/__init__.py</a></p>',
    section('basic-usage', 2, 'Basic Usage',
      '<dl class="py function">',
      '<dt class="sig sig-object py" id="json.dumps"><span class="sig-prename descclassname"><span class="pre">json.</span></span><span class="sig-name descname"><span class="pre">dumps</span></span><span class="sig-paren">(</span><em class="sig-param"><span class="n"><span class="pre">obj</span></span></em>, <em class="sig-param"><span class="o"><span class="pre">*</span></span></em>, <em class="sig-param"><span class="n"><span class="pre">indent</span></span><span class="o"><span class="pre">=</span></span><span class="default_value"><span class="pre">None</span></span></em><span class="sig-paren">)</span><a class="headerlink" href="#json.dumps" title="Link to this definition">¶</a></dt>',
      '<dd><p>Serialize <em>obj</em> to a JSON formatted <a class="reference internal" href="stdtypes.html#str" title="str"><code class="xref py py-class docutils literal notranslate"><span class="pre">str</span></code></a>.</p></dd>',
      '</dl>',
      '<dl class="py function">',
      '<dt class="sig sig-object py" id="json.loads"><span class="sig-prename descclassname"><span class="pre">json.</span></span><span class="sig-name descname"><span class="pre">loads</span></span><span class="sig-paren">(</span><em class="sig-param"><span class="n"><span class="pre">s</span></span></em><span class="sig-paren">)</span><a class="headerlink" href="#json.loads" title="Link to this definition">¶</a></dt>',
      '<dd><p>Deserialize <em>s</em> to a Python object.</p></dd>',
      '</dl>',
      codeBlock('pycon', '>>> import json\n>>> json.dumps([\'foo\', {\'bar\': (\'baz\', None, 1.0, 2)}])'))) }),
};
