import { type Project } from '../models/project';
import { isWebUrl } from '../validation/urls';
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
  const add = (label: string, url: string | undefined) => choices.push(url && isWebUrl(url) ? { label, url } : undefined);
  const dashboard = (slug: string, page: string) => (origin ? `${origin}/dashboard/${encodeURIComponent(slug)}/${page}/` : undefined);
  switch (node.kind) {
    case 'edition':
      add('Dashboard', origin ? `${origin}/dashboard/` : undefined);
      break;
    case 'organization':
      add('Organization', node.organization.url ?? (origin ? `${origin}/organizations/${encodeURIComponent(node.organization.slug)}/` : undefined));
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
      if (node.folder === 'versions') add('Versions', node.project.urls.versions);
      if (node.folder === 'builds') add('Builds', node.project.urls.builds);
      if (node.folder === 'redirects') add('Redirects', dashboard(node.project.slug, 'redirects'));
      if (node.folder === 'environmentVariables') add('Environment variables', dashboard(node.project.slug, 'environmentvariables'));
      add('Project page', node.project.urls.home);
      break;
    case 'version':
      add('Documentation', node.version.urls.documentation);
      add('Source', node.version.urls.vcs);
      add('Version settings', node.version.urls.dashboardEdit);
      break;
    case 'build':
      add('Build page', node.build.urls.build); // one page: no question asked
      break;
    case 'redirect':
      add('Redirects settings', dashboard(node.projectSlug, 'redirects'));
      break;
    case 'environmentVariable':
      add('Environment variables settings', dashboard(node.projectSlug, 'environmentvariables'));
      break;
    default:
      break;
  }
  const seen = new Set<string>();
  return choices.filter((c): c is UrlChoice => !!c && !seen.has(c.url) && !!seen.add(c.url));
}

function addProject(add: (label: string, url: string | undefined) => void, project: Project): void {
  add('Documentation', project.urls.documentation);
  add('Project page', project.urls.home);
  add('Repository', project.repository.url);
  add('Homepage', project.homepage);
}
