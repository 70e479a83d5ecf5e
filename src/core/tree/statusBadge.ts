import { l10n } from '../l10n';
import { webUrlOf } from '../validation/urls';
import { type NodeOfKind } from './nodes';

/** The documentation status badge of a project's version, as README text. */
export interface StatusBadge {
  readonly markdown: string;
  readonly restructuredText: string;
}

/** A URL inside Markdown's `(…)`: parentheses and spaces percent-encoded. */
const inParens = (url: string) => url.replace(/[() ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `<server>/projects/<slug>/badge/?version=<v>` in Markdown and reStructuredText, linking to the
 * docs when their URL is http(s). `origin` is the edition's server (undefined: no badge). Pure.
 */
export function statusBadge(origin: string | undefined, projectSlug: string, versionSlug: string, docsUrl: string | undefined): StatusBadge | undefined {
  const server = origin ? webUrlOf(origin) : undefined;
  if (!server) return undefined;
  const image = `${server.origin}/projects/${encodeURIComponent(projectSlug)}/badge/?version=${encodeURIComponent(versionSlug)}`;
  const docs = docsUrl ? webUrlOf(docsUrl)?.href : undefined;
  const alt = l10n.t('Documentation Status');
  const markdownImage = `![${alt}](${inParens(image)})`;
  return {
    markdown: docs ? `[${markdownImage}](${inParens(docs)})` : markdownImage,
    restructuredText: [`.. image:: ${image}`, ...(docs ? [`   :target: ${docs}`] : []), `   :alt: ${alt}`].join('\n'),
  };
}

/** The badge of a project row (its default version) or a version row. */
export function statusBadgeOf(origin: string | undefined, node: NodeOfKind<'project' | 'version'>): StatusBadge | undefined {
  return node.kind === 'version'
    ? statusBadge(origin, node.projectSlug, node.version.slug, node.version.urls.documentation)
    : statusBadge(origin, node.project.slug, node.project.defaultVersion ?? 'latest', node.project.urls.documentation);
}
