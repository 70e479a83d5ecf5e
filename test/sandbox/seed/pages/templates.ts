// Page skeletons that look like real Sphinx (Read the Docs theme) and MkDocs Material output.

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const heading = (level: number, id: string, title: string): string =>
  `<h${level}>${escapeHtml(title)}<a class="headerlink" href="#${id}" title="Link to this heading">¶</a></h${level}>`;

/** A Sphinx section: `<section id>` with a permalinked heading. */
export const section = (id: string, level: number, title: string, ...content: string[]): string =>
  `<section id="${id}">\n${heading(level, id, title)}\n${content.join('\n')}\n</section>`;

export const codeBlock = (language: string, code: string): string =>
  `<div class="highlight-${language} notranslate"><div class="highlight"><pre><span></span>${escapeHtml(code)}</pre></div></div>`;

export interface SphinxPage { project: string; title: string; nav: [href: string, label: string][]; body: string; lang?: string }

export function sphinxPage(page: SphinxPage): string {
  const nav = page.nav.map(([href, label]) => `<li class="toctree-l1"><a class="reference internal" href="${href}">${escapeHtml(label)}</a></li>`);
  return `<!DOCTYPE html>
<html class="writer-html5" lang="${page.lang ?? 'en'}" data-content_root="./">
<head>
  <meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" />
  <title>${escapeHtml(page.title)} — ${escapeHtml(page.project)} documentation</title>
  <link rel="stylesheet" type="text/css" href="_static/pygments.css" />
  <link rel="stylesheet" type="text/css" href="_static/css/theme.css" />
  <script src="_static/documentation_options.js"></script>
  <script src="_static/doctools.js"></script>
</head>
<body class="wy-body-for-nav">
<div class="wy-grid-for-nav">
  <nav data-toggle="wy-nav-shift" class="wy-nav-side">
    <div class="wy-side-scroll">
      <div class="wy-side-nav-search"><a href="index.html" class="icon icon-home">${escapeHtml(page.project)}</a></div>
      <div class="wy-menu wy-menu-vertical" data-spy="affix" role="navigation" aria-label="Navigation menu">
        <ul class="current">${nav.join('')}</ul>
      </div>
    </div>
  </nav>
  <section data-toggle="wy-nav-shift" class="wy-nav-content-wrap">
    <div class="wy-nav-content">
      <div class="rst-content">
        <div role="navigation" aria-label="Page navigation">
          <ul class="wy-breadcrumbs"><li><a href="index.html" class="icon icon-home" aria-label="Home"></a></li><li class="breadcrumb-item active">${escapeHtml(page.title)}</li></ul>
        </div>
        <div role="main" class="document" itemscope="itemscope" itemtype="http://schema.org/Article">
          <div itemprop="articleBody">
${page.body}
          </div>
        </div>
        <footer><hr/><div role="contentinfo"><p>© Copyright 2024, Example Org.</p></div>
          Built with <a href="https://www.sphinx-doc.org/">Sphinx</a> using a <a href="https://github.com/readthedocs/sphinx_rtd_theme">theme</a> provided by <a href="https://readthedocs.org">Read the Docs</a>.
        </footer>
      </div>
    </div>
  </section>
</div>
</body>
</html>
`;
}

export interface MkDocsPage { site: string; title: string; nav: [href: string, label: string][]; body: string }

/** MkDocs Material: ids sit on the headings, there is no `[role=main]`, content lives in `article.md-content__inner`. */
export function mkdocsPage(page: MkDocsPage): string {
  const nav = page.nav.map(([href, label]) => `<li class="md-nav__item"><a href="${href}" class="md-nav__link">${escapeHtml(label)}</a></li>`);
  return `<!doctype html>
<html lang="en" class="no-js">
<head>
  <meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
  <meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.5.44">
  <title>${escapeHtml(page.title)} - ${escapeHtml(page.site)}</title>
  <link rel="stylesheet" href="../assets/stylesheets/main.css">
</head>
<body dir="ltr">
<header class="md-header" data-md-component="header"><nav class="md-header__inner md-grid" aria-label="Header"><a href=".." class="md-header__button md-logo">${escapeHtml(page.site)}</a></nav></header>
<div class="md-container" data-md-component="container">
  <main class="md-main" data-md-component="main">
    <div class="md-main__inner md-grid">
      <div class="md-sidebar md-sidebar--primary" data-md-component="sidebar"><nav class="md-nav md-nav--primary" aria-label="Navigation"><ul class="md-nav__list">${nav.join('')}</ul></nav></div>
      <div class="md-content" data-md-component="content">
        <article class="md-content__inner md-typeset">
${page.body}
        </article>
      </div>
    </div>
  </main>
  <footer class="md-footer"><div class="md-copyright">Made with <a href="https://squidfunk.github.io/mkdocs-material/" target="_blank" rel="noopener">Material for MkDocs</a></div></footer>
</div>
</body>
</html>
`;
}

/** An MkDocs heading: the id is on the heading itself. */
export const mkdocsHeading = (level: number, id: string, title: string): string =>
  `<h${level} id="${id}">${escapeHtml(title)}<a class="headerlink" href="#${id}" title="Permanent link">&para;</a></h${level}>`;
