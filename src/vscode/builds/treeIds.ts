import { type Edition } from '../../core/api/client';
import { type Project } from '../../core/models/project';
import { type DocsNode, nodeIds } from '../../core/tree/nodes';
import { type Services } from '../services';

/**
 * Where things of a project sit in the projects tree. The tree's ids are
 * `<edition>[/org:<org>]/project:<slug>/<folder>/<kind>:<key>` (src/core/tree/loader.ts); a
 * business project sits under its organization when the server has organizations.
 */
export const treeIds = {
  versionsFolder: (projectId: string) => nodeIds.folder(projectId, 'versions'),
  buildsFolder: (projectId: string) => nodeIds.folder(projectId, 'builds'),
  version: (projectId: string, slug: string) => nodeIds.child(nodeIds.folder(projectId, 'versions'), 'version', slug),
  build: (projectId: string, id: number) => nodeIds.child(nodeIds.folder(projectId, 'builds'), 'build', id),
};

/** The project id of a node below a project (folder, version, build, ...), from the id grammar. */
export function projectIdOfNode(node: DocsNode): string | undefined {
  if (node.kind === 'project') return node.id;
  const match = /^(.*\/project:[^/]+)(?:\/|$)/.exec(node.id);
  return match?.[1];
}

/**
 * The id of a project's node, whether or not the tree has loaded it: the loaded one when the tree
 * knows it (directly under the edition or under any organization it has loaded), else the id it
 * will get (under the project's organization when known).
 */
export function projectNodeId(services: Services, edition: Edition, projectSlug: string, project?: Pick<Project, 'organization'>): string {
  const direct = nodeIds.project(nodeIds.edition(edition), projectSlug);
  if (services.tree.find(direct)) return direct;
  const organization = project?.organization;
  if (organization) return nodeIds.project(nodeIds.organization(edition, organization), projectSlug);
  return direct;
}
