import { l10n } from '../l10n';
import { type Project } from '../models/project';
import { webUrlOf } from '../validation/urls';
import { type DocsNode } from './nodes';

/** One place a node can open in the browser; the first of a list is the default. */
export interface UrlChoice {
  readonly label: string;
  readonly url: string;
}

/**
 * The pages behind a node, default first. `origin` is the edition's base URL origin (for
 * dashboard pages the API does not link). `superproject` nodes need their project loaded first.
 */
export function urlChoicesOf(node: DocsNode, origin: string | undefined): UrlChoice[] {
  const choices: (UrlChoice | undefined)[] = [];
  const add = (label: string, written: string | undefined) => {
    const url = written ? webUrlOf(written)?.href : undefined;
    choices.push(url ? { label, url } : undefined);
  };
  const dashboard = (slug: string, page: string) => (origin ? `${origin}/dashboard/${encodeURIComponent(slug)}/${page}/` : undefined);
  switch (node.kind) {
    case 'edition':
      add(l10n.t('Dashboard'), origin ? `${origin}/dashboard/` : undefined);
      break;
    case 'organization':
      add(l10n.t('Organization'), node.organization.url ?? (origin ? `${origin}/organizations/${encodeURIComponent(node.organization.slug)}/` : undefined));
      break;
    case 'project':
    case 'translation':
      addProject(add, node.project);
      break;
    case 'superproject':
      if (node.project) addProject(add, node.project);
      break;
    case 'subproject':
      addProject(add, node.subproject.child);
      break;
    case 'folder':
      if (node.folder === 'versions') add(l10n.t('Versions'), node.project.urls.versions);
      if (node.folder === 'builds') add(l10n.t('Builds'), node.project.urls.builds);
      if (node.folder === 'redirects') add(l10n.t('Redirects'), dashboard(node.project.slug, 'redirects'));
      if (node.folder === 'environmentVariables') add(l10n.t('Environment variables'), dashboard(node.project.slug, 'environmentvariables'));
      add(l10n.t('Project page'), node.project.urls.home);
      break;
    case 'version':
      add(l10n.t('Documentation'), node.version.urls.documentation);
      add(l10n.t('Source'), node.version.urls.vcs);
      add(l10n.t('Version settings'), node.version.urls.dashboardEdit);
      break;
    case 'build':
      add(l10n.t('Build page'), node.build.urls.build); // one page: no question asked
      break;
    case 'redirect':
      add(l10n.t('Redirects settings'), dashboard(node.projectSlug, 'redirects'));
      break;
    case 'environmentVariable':
      add(l10n.t('Environment variables settings'), dashboard(node.projectSlug, 'environmentvariables'));
      break;
    default:
      break;
  }
  const seen = new Set<string>();
  return choices.filter((c): c is UrlChoice => !!c && !seen.has(c.url) && !!seen.add(c.url));
}

function addProject(add: (label: string, url: string | undefined) => void, project: Project): void {
  add(l10n.t('Documentation'), project.urls.documentation);
  add(l10n.t('Project page'), project.urls.home);
  add(l10n.t('Repository'), project.repository.url);
  add(l10n.t('Homepage'), project.homepage);
}
