import { type Edition } from '../../core/api/client';
import { editionLabel } from '../../core/config';
import { type Project } from '../../core/models/project';
import { projectNode } from '../../core/tree/loader';
import { type DocsNode, type NodeOfKind, nodeIds } from '../../core/tree/nodes';
import { type Services } from '../services';

/**
 * Palette fallbacks shared by commands: ask which signed-in edition (only when there are two),
 * then which project.
 */
export async function pickSignedInEdition(services: Pick<Services, 'editions' | 'ui'>, placeHolder = 'Which Read the Docs?'): Promise<Edition | undefined> {
  const among = services.editions.signedIn;
  if (among.length === 0) {
    void services.ui.current.info('Sign in to Read the Docs first.');
    return undefined;
  }
  if (among.length === 1) return among[0];
  const picked = await services.ui.current.quickPick(
    among.map((edition) => ({ label: editionLabel(edition), description: services.editions.client(edition)?.host, edition })),
    { placeHolder },
  );
  return picked?.edition;
}

export interface PickedProject {
  readonly edition: Edition;
  readonly project: Project;
}

/** Edition (when two), then project: one list request (every page when there are more). */
export async function pickProject(services: Pick<Services, 'editions' | 'ui'>, placeHolder = 'Which project?'): Promise<PickedProject | undefined> {
  const edition = await pickSignedInEdition(services);
  const client = edition && services.editions.client(edition);
  if (!edition || !client) return undefined;
  const load = async () => {
    const projects: Project[] = [];
    for await (const project of client.all(client.projects.list())) projects.push(project);
    return projects.map((project) => ({ label: project.name, description: project.slug, detail: project.repository.url || undefined, project }));
  };
  const picked = await services.ui.current.quickPick(load(), { placeHolder, matchOnDescription: true });
  return picked && { edition, project: picked.project };
}

/** A project node for a picked project (not necessarily shown in the tree), for commands that take nodes. */
export function projectNodeOf(services: Pick<Services, 'tree'>, picked: PickedProject): NodeOfKind<'project'> {
  return findProjectNode(services, picked.edition, picked.project.slug)
    ?? projectNode(picked.edition, undefined, nodeIds.edition(picked.edition), picked.project);
}

function findProjectNode(services: Pick<Services, 'tree'>, edition: Edition, slug: string): NodeOfKind<'project'> | undefined {
  const node: DocsNode | undefined = services.tree.find(nodeIds.project(nodeIds.edition(edition), slug));
  return node?.kind === 'project' ? node : undefined;
}
