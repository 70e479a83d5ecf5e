// Documentation pages of `widgets` (Sphinx, Read the Docs theme), plus its API subproject and French translation.

import { codeBlock, section, sphinxPage } from './templates';

const NAV: [string, string][] = [
  ['installation.html', 'Installation'],
  ['usage.html', 'Usage'],
  ['configuration.html', 'Configuration'],
  ['api.html', 'API reference'],
  ['glossary.html', 'Glossary'],
  ['changelog.html', 'Changelog'],
];

const page = (title: string, body: string) => sphinxPage({ project: 'Widgets', title, nav: NAV, body });

const index = page('Widgets', section('widgets', 1, 'Widgets',
  '<p>Widgets is a small Python library for building composable user-interface widgets. '
  + 'Start with <a class="reference internal" href="installation.html">Installation</a>, then read '
  + '<a class="reference internal" href="usage.html#configuration"><span class="std std-ref">Configuration</span></a>.</p>',
  '<img alt="Widgets logo" class="align-center" src="_static/logo.png" />',
  section('features', 2, 'Features',
    '<ul class="simple">',
    '<li><p>Declarative layouts with <a class="reference internal" href="api.html#widgets.Widget" title="widgets.Widget"><code class="xref py py-class docutils literal notranslate"><span class="pre">Widget</span></code></a>.</p></li>',
    '<li><p>Themes, including a dark theme (see <a class="reference internal" href="#getting-help">Getting help</a>).</p></li>',
    '<li><p>Works with the <a class="reference external" href="https://docs.python.org/3/library/json.html#json.dumps">standard JSON encoder</a>.</p></li>',
    '</ul>'),
  section('getting-help', 2, 'Getting help',
    '<p>Ask on the <a class="reference external" href="https://github.com/example-org/widgets/discussions">discussion board</a> '
    + 'or read the <a href="/en/latest/genindex.html">index</a>.</p>'),
  '<div class="toctree-wrapper compound"><ul>',
  ...NAV.map(([href, label]) => `<li class="toctree-l1"><a class="reference internal" href="${href}">${label}</a></li>`),
  '</ul></div>'));

const installation = page('Installation', section('installation', 1, 'Installation',
  '<p>Widgets supports Python 3.9 and newer on Linux, macOS and Windows.</p>',
  section('requirements', 2, 'Requirements',
    '<ul class="simple"><li><p>Python 3.9+</p></li><li><p><code class="docutils literal notranslate"><span class="pre">pip</span></code> 23 or newer</p></li></ul>'),
  section('installing-with-pip', 2, 'Installing with pip',
    '<p>Install the latest release from PyPI:</p>',
    codeBlock('console', '$ python -m pip install widgets'),
    '<p>To get the optional themes too:</p>',
    codeBlock('console', '$ python -m pip install "widgets[themes]"')),
  section('installing-from-source', 2, 'Installing from source',
    '<p>Make sure the <a class="reference internal" href="#requirements">requirements</a> are met, then:</p>',
    codeBlock('console', '$ git clone https://github.com/example-org/widgets.git\n$ cd widgets\n$ python -m pip install -e .')),
  section('verifying-the-installation', 2, 'Verifying the installation',
    codeBlock('pycon', '>>> import widgets\n>>> widgets.__version__\n\'2.9.5\''),
    '<p>Next: <a class="reference internal" href="usage.html">Usage</a>.</p>')));

const usage = page('Usage', section('usage', 1, 'Usage',
  section('quickstart', 2, 'Quickstart',
    codeBlock('python', 'from widgets import Button, Window\n\nwindow = Window(title="Hello")\nwindow.add(Button("OK"))\nwindow.show()'),
    '<p>See <a class="reference internal" href="api.html#widgets.Window.add">Window.add()</a> for the details.</p>'),
  '<section id="configuration">',
  '<span id="configuration-label"></span><h2>Configuration<a class="headerlink" href="#configuration" title="Link to this heading">¶</a></h2>',
  '<p>Widgets reads its settings from <code class="docutils literal notranslate"><span class="pre">widgets.toml</span></code>. '
  + 'Every option is described in <a class="reference internal" href="configuration.html#confval-theme">the configuration reference</a>.</p>',
  '<table class="docutils align-default"><thead><tr class="row-odd"><th class="head"><p>Option</p></th><th class="head"><p>Default</p></th></tr></thead>',
  '<tbody><tr class="row-even"><td><p>theme</p></td><td><p>light</p></td></tr><tr class="row-odd"><td><p>animations</p></td><td><p>true</p></td></tr></tbody></table>',
  '<img alt="Configuration screen" src="_images/configuration.png" />',
  '</section>',
  section('themes', 2, 'Themes',
    '<p>Pick a theme with <code class="docutils literal notranslate"><span class="pre">theme = "dark"</span></code>. '
    + 'Custom themes are explained in the <a href="../../en/latest/themes/custom.html">theming guide</a>.</p>'),
  section('advanced-usage', 2, 'Advanced usage',
    '<div class="admonition warning"><p class="admonition-title">Warning</p><p>Subclassing widgets is supported but not stable yet.</p></div>')));

const apiReference = page('API reference', section('api-reference', 1, 'API reference',
  '<dl class="py class">',
  '<dt class="sig sig-object py" id="widgets.Widget"><em class="property"><span class="pre">class</span> </em><span class="sig-prename descclassname"><span class="pre">widgets.</span></span><span class="sig-name descname"><span class="pre">Widget</span></span><span class="sig-paren">(</span><em class="sig-param"><span class="n"><span class="pre">parent</span></span><span class="o"><span class="pre">=</span></span><span class="default_value"><span class="pre">None</span></span></em><span class="sig-paren">)</span><a class="headerlink" href="#widgets.Widget" title="Link to this definition">¶</a></dt>',
  '<dd><p>Base class of every widget.</p>',
  '<dl class="py method">',
  '<dt class="sig sig-object py" id="widgets.Widget.render"><span class="sig-name descname"><span class="pre">render</span></span><span class="sig-paren">(</span><span class="sig-paren">)</span><a class="headerlink" href="#widgets.Widget.render" title="Link to this definition">¶</a></dt>',
  '<dd><p>Return the widget as a tree of primitives.</p></dd>',
  '</dl>',
  '</dd>',
  '</dl>',
  '<dl class="py class">',
  '<dt class="sig sig-object py" id="widgets.Window"><em class="property"><span class="pre">class</span> </em><span class="sig-prename descclassname"><span class="pre">widgets.</span></span><span class="sig-name descname"><span class="pre">Window</span></span><span class="sig-paren">(</span><em class="sig-param"><span class="n"><span class="pre">title</span></span></em><span class="sig-paren">)</span><a class="headerlink" href="#widgets.Window" title="Link to this definition">¶</a></dt>',
  '<dd><p>A top-level window. Inherits from <a class="reference internal" href="#widgets.Widget" title="widgets.Widget"><code class="xref py py-class docutils literal notranslate"><span class="pre">Widget</span></code></a>.</p>',
  '<dl class="py method">',
  '<dt class="sig sig-object py" id="widgets.Window.add"><span class="sig-name descname"><span class="pre">add</span></span><span class="sig-paren">(</span><em class="sig-param"><span class="n"><span class="pre">child</span></span></em><span class="sig-paren">)</span><a class="headerlink" href="#widgets.Window.add" title="Link to this definition">¶</a></dt>',
  '<dd><p>Add <em>child</em> to the window. Raises <a class="reference internal" href="#widgets.WidgetError" title="widgets.WidgetError"><code class="xref py py-exc docutils literal notranslate"><span class="pre">WidgetError</span></code></a> when it already has a parent.</p></dd>',
  '</dl>',
  '</dd>',
  '</dl>',
  '<dl class="py function">',
  '<dt class="sig sig-object py" id="widgets.create_widget"><span class="sig-prename descclassname"><span class="pre">widgets.</span></span><span class="sig-name descname"><span class="pre">create_widget</span></span><span class="sig-paren">(</span><em class="sig-param"><span class="n"><span class="pre">kind</span></span></em>, <em class="sig-param"><span class="o"><span class="pre">**</span></span><span class="n"><span class="pre">options</span></span></em><span class="sig-paren">)</span><a class="headerlink" href="#widgets.create_widget" title="Link to this definition">¶</a></dt>',
  '<dd><p>Create a widget by name.</p><dl class="field-list simple"><dt class="field-odd">Parameters<span class="colon">:</span></dt><dd class="field-odd"><ul class="simple"><li><p><strong>kind</strong> – registered widget name.</p></li><li><p><strong>options</strong> – passed to the constructor.</p></li></ul></dd><dt class="field-even">Return type<span class="colon">:</span></dt><dd class="field-even"><p><a class="reference internal" href="#widgets.Widget">Widget</a></p></dd></dl></dd>',
  '</dl>',
  '<dl class="py exception">',
  '<dt class="sig sig-object py" id="widgets.WidgetError"><em class="property"><span class="pre">exception</span> </em><span class="sig-prename descclassname"><span class="pre">widgets.</span></span><span class="sig-name descname"><span class="pre">WidgetError</span></span><a class="headerlink" href="#widgets.WidgetError" title="Link to this definition">¶</a></dt>',
  '<dd><p>Raised for invalid widget trees.</p></dd>',
  '</dl>'));

const configuration = page('Configuration reference', section('configuration-reference', 1, 'Configuration reference',
  '<p>Options of <code class="docutils literal notranslate"><span class="pre">widgets.toml</span></code>.</p>',
  '<dl class="std confval">',
  '<dt class="sig sig-object std" id="confval-theme"><span class="sig-name descname"><span class="pre">theme</span></span><a class="headerlink" href="#confval-theme" title="Link to this definition">¶</a></dt>',
  '<dd><p>Name of the colour theme.</p><dl class="field-list simple"><dt class="field-odd">Type<span class="colon">:</span></dt><dd class="field-odd"><p><code class="docutils literal notranslate"><span class="pre">str</span></code></p></dd><dt class="field-even">Default<span class="colon">:</span></dt><dd class="field-even"><p><code class="docutils literal notranslate"><span class="pre">\'light\'</span></code></p></dd></dl></dd>',
  '</dl>',
  '<dl class="std confval">',
  '<dt class="sig sig-object std" id="confval-animations"><span class="sig-name descname"><span class="pre">animations</span></span><a class="headerlink" href="#confval-animations" title="Link to this definition">¶</a></dt>',
  '<dd><p>Enable transitions.</p><dl class="field-list simple"><dt class="field-odd">Type<span class="colon">:</span></dt><dd class="field-odd"><p><code class="docutils literal notranslate"><span class="pre">bool</span></code></p></dd></dl></dd>',
  '</dl>'));

const glossary = page('Glossary', section('glossary', 1, 'Glossary',
  '<dl class="simple glossary">',
  '<dt id="term-Widget">Widget<a class="headerlink" href="#term-Widget" title="Link to this term">¶</a></dt>',
  '<dd><p>A reusable piece of user interface, see <a class="reference internal" href="api.html#widgets.Widget">widgets.Widget</a>.</p></dd>',
  '<dt id="term-Theme">Theme<a class="headerlink" href="#term-Theme" title="Link to this term">¶</a></dt>',
  '<dd><p>A set of colours and fonts applied to every <a class="reference internal" href="#term-Widget"><span class="xref std std-term">widget</span></a>.</p></dd>',
  '<dt id="term-Read-the-Docs">Read the Docs<a class="headerlink" href="#term-Read-the-Docs" title="Link to this term">¶</a></dt>',
  '<dt id="term-RTD">RTD<a class="headerlink" href="#term-RTD" title="Link to this term">¶</a></dt>',
  '<dd><p>Where this documentation is hosted.</p></dd>',
  '</dl>'));

const changelog = page('Changelog', section('changelog', 1, 'Changelog',
  section('v2-9-5', 2, 'v2.9.5', '<ul class="simple"><li><p>Fix focus handling in <a class="reference internal" href="api.html#widgets.Window">Window</a>.</p></li></ul>'),
  section('v2-9-0', 2, 'v2.9.0', '<ul class="simple"><li><p>New dark <a class="reference internal" href="glossary.html#term-Theme"><span class="xref std std-term">theme</span></a>.</p></li></ul>'),
  section('v2-0-0', 2, 'v2.0.0', '<ul class="simple"><li><p>Python 2 support removed.</p></li></ul>')));

export const WIDGETS_PAGES: Record<string, string> = {
  'index.html': index,
  'installation.html': installation,
  'usage.html': usage,
  'configuration.html': configuration,
  'api.html': apiReference,
  'glossary.html': glossary,
  'changelog.html': changelog,
};

const apiNav: [string, string][] = [['index.html', 'REST API'], ['authentication.html', 'Authentication']];

export const WIDGETS_API_PAGES: Record<string, string> = {
  'index.html': sphinxPage({ project: 'Widgets API', title: 'REST API', nav: apiNav, body: section('rest-api', 1, 'REST API',
    '<p>The Widgets server exposes a JSON API. All requests need a token, see <a class="reference internal" href="authentication.html">Authentication</a>.</p>',
    '<dl class="http get">',
    '<dt class="sig sig-object http" id="get--api-widgets-"><span class="sig-name descname"><span class="pre">GET</span> <span class="pre">/api/widgets/</span></span><a class="headerlink" href="#get--api-widgets-" title="Link to this definition">¶</a></dt>',
    '<dd><p>List widgets.</p></dd>',
    '</dl>',
    section('pagination', 2, 'Pagination', '<p>Lists are paginated with <code>limit</code> and <code>offset</code>.</p>')) }),
  'authentication.html': sphinxPage({ project: 'Widgets API', title: 'Authentication', nav: apiNav, body: section('authentication', 1, 'Authentication',
    '<p>Send <code class="docutils literal notranslate"><span class="pre">Authorization: Token &lt;key&gt;</span></code> with every request.</p>',
    codeBlock('console', '$ curl -H "Authorization: Token $WIDGETS_TOKEN" https://widgets.example.com/api/widgets/')) }),
};

const frNav: [string, string][] = [['installation.html', 'Installation']];

export const WIDGETS_FR_PAGES: Record<string, string> = {
  'index.html': sphinxPage({ project: 'Widgets', lang: 'fr', title: 'Widgets', nav: frNav, body: section('widgets', 1, 'Widgets',
    '<p>Widgets est une petite bibliothèque Python pour construire des composants d’interface. '
    + 'Commencez par l’<a class="reference internal" href="installation.html">installation</a>.</p>') }),
  'installation.html': sphinxPage({ project: 'Widgets', lang: 'fr', title: 'Installation', nav: frNav, body: section('installation', 1, 'Installation',
    '<p>Widgets fonctionne avec Python 3.9 ou plus récent.</p>',
    section('installer-avec-pip', 2, 'Installer avec pip', codeBlock('console', '$ python -m pip install widgets'))) }),
};
