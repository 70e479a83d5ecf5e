import { type ReadTheDocsClient } from '../api/client';
import { type CallOptions } from '../api/requests';
import { type NodeOfKind } from './nodes';

type Superproject = NodeOfKind<'superproject'>;

/**
 * A superproject row with its parent project: the project's own data names the parent by slug
 * only (`subproject_of`), so the superproject endpoint supplies the rest (name, documentation URL,
 * organization). Left without `project` when the parent is hidden from the caller.
 */
export async function withSuperproject(node: Superproject, client: Pick<ReadTheDocsClient, 'projects'>, call: CallOptions = {}): Promise<Superproject> {
  if (node.project) return node;
  const project = await client.projects.superproject(node.projectSlug, call);
  return project ? { ...node, project } : node;
}
