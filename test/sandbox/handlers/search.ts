// Search API v3 (`rtd:readthedocs/search/api/v3/`): `q` with `project:`, `subprojects:` and `user:@me`
// arguments (none: no results), page-number pagination (page_size ≤ 30, page * page_size ≤ 1000), at most
// three section blocks per page, highlights as HTML with <span> marks around matched words.

import type { RequestContext } from '../context';
import type { ProjectRecord, VersionRecord } from '../db';
import { json, type ApiResponse } from '../http';
import { pageLink } from '../pagination';
import { isAdmin } from '../permissions';
import { docsUrl } from '../urls';

interface Scope { project: ProjectRecord; version: VersionRecord }
interface Section { id: string; title: string; content: string }

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const textOf = (html: string): string => html.replace(/<[^>]*>/g, ' ').replace(/¶/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
  .replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

/** Split `q` into words and arguments; `\:` keeps a colon in a word. */
function parseQuery(q: string): { words: string[]; args: [string, string][] } {
  const words: string[] = [];
  const args: [string, string][] = [];
  for (const token of q.split(/\s+/).filter(Boolean)) {
    const argument = /^(project|subprojects|user):(.+)$/.exec(token);
    if (argument) args.push([argument[1], argument[2]]);
    else words.push(token.replace(/\\:/g, ':').replace(/^"|"$|\*$/g, '').toLowerCase());
  }
  return { words: words.filter(Boolean), args };
}

function scopes(ctx: RequestContext, args: [string, string][]): Scope[] {
  const { db, user } = ctx;
  const out = new Map<string, Scope>();
  const add = (project: ProjectRecord | undefined, versionSlug?: string) => {
    if (!project) return;
    const version = db.version(project.slug, versionSlug ?? project.defaultVersion);
    if (!version?.active || !version.built || version.privacyLevel === 'private' || project.privacyLevel === 'private') return;
    out.set(`${project.slug}/${version.slug}`, { project, version });
  };
  for (const [name, value] of args) {
    const [slug, versionSlug] = value.split('/');
    if (name === 'project') add(db.project(slug), versionSlug);
    if (name === 'subprojects') {
      add(db.project(slug), versionSlug);
      for (const r of db.relationships.filter((rel) => rel.parent === slug)) add(db.project(r.child), versionSlug);
    }
    if (name === 'user' && value === '@me' && user) for (const p of db.projects.values()) if (isAdmin(db, user, p)) add(p);
  }
  return [...out.values()];
}

function sectionsOf(html: string): Section[] {
  const sections: Section[] = [];
  for (const match of html.matchAll(/<section id="([^"]+)">\s*(?:<span id="[^"]+"><\/span>)?\s*<h[1-6]>([\s\S]*?)<\/h[1-6]>([\s\S]*?)(?=<section id=|<\/section>)/g)) {
    sections.push({ id: match[1], title: textOf(match[2]), content: textOf(match[3]) });
  }
  return sections;
}

function highlight(text: string, words: string[]): string {
  const escaped = escapeHtml(text);
  if (words.length === 0) return escaped;
  const pattern = new RegExp(`(${words.map((w) => escapeHtml(w).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return escaped.replace(pattern, '<span>$1</span>');
}

export function search(ctx: RequestContext): ApiResponse {
  const q = ctx.query.get('q');
  if (q === null || q.trim() === '') return json(400, { q: ['This query parameter is required'] });
  const page = Math.max(1, Number.parseInt(ctx.query.get('page') ?? '1', 10) || 1);
  const pageSize = Math.min(30, Math.max(1, Number.parseInt(ctx.query.get('page_size') ?? '15', 10) || 15));
  if (page * pageSize > 1000) return json(400, { detail: 'Invalid page.' });
  const { words, args } = parseQuery(q);
  const found = scopes(ctx, args);
  const results: unknown[] = [];
  for (const { project, version } of found) {
    const root = new URL(docsUrl(ctx.db, project, version.slug));
    const prefix = `${project.slug}/`;
    for (const [key, html] of ctx.db.pages) {
      if (!key.startsWith(prefix) || !key.endsWith('.html')) continue;
      const sections = sectionsOf(html);
      const matches = (s: Section) => words.every((w) => `${s.title} ${s.content}`.toLowerCase().includes(w));
      const blocks = sections.filter(matches).slice(0, 3);
      const pageTitle = sections[0]?.title ?? key.slice(prefix.length);
      if (blocks.length === 0 && !words.every((w) => pageTitle.toLowerCase().includes(w))) continue;
      results.push({
        type: 'page',
        project: { slug: project.slug, alias: ctx.db.relationships.find((r) => r.child === project.slug)?.alias ?? null },
        version: { slug: version.slug },
        title: pageTitle,
        domain: root.origin,
        path: `${root.pathname}${key.slice(prefix.length)}`,
        highlights: { title: words.some((w) => pageTitle.toLowerCase().includes(w)) ? [highlight(pageTitle, words)] : [] },
        blocks: blocks.map((s) => ({
          type: 'section', id: s.id, title: s.title, content: s.content,
          highlights: { title: words.some((w) => s.title.toLowerCase().includes(w)) ? [highlight(s.title, words)] : [], content: words.some((w) => s.content.toLowerCase().includes(w)) ? [highlight(s.content.slice(0, 200), words)] : [] },
        })),
      });
    }
  }
  const count = results.length;
  const start = (page - 1) * pageSize;
  return json(200, {
    count,
    next: start + pageSize < count ? pageLink(ctx, { page: page + 1 }) : null,
    previous: page > 1 ? pageLink(ctx, { page: page - 1 > 1 ? page - 1 : null }) : null,
    projects: found.map(({ project, version }) => ({ slug: project.slug, versions: [{ slug: version.slug }] })),
    query: words.join(' '),
    results: results.slice(start, start + pageSize),
  });
}
