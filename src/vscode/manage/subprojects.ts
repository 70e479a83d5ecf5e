import * as vscode from 'vscode';
import { ValidationError } from '../../core/api/errors';
import { explainChildRefusal, explainParentRefusal, subprojectCandidates, subprojectFieldOfMessage } from '../../core/manage/subprojects';
import { type Project, type Subproject } from '../../core/models/project';
import { subprojectAliasWarning, validateSubprojectAlias } from '../../core/validation/slugs';
import { inputStep, pickStep, runMultiStep } from '../ui/multiStep';
import { type ManageServices } from '../services';
import { resolveItem, resolveProject } from '../tree/pickers';
import { withProgress } from '../ui/progress';
import { type DocsNode } from '../../core/tree/nodes';

interface SubprojectForm {
  child: Project | undefined;
  alias: string;
}

interface ProjectItem extends vscode.QuickPickItem { readonly project: Project }

/**
 * `readthedocs.addSubproject`: a child among the person's other projects (searchable), an
 * optional alias; the server's refusals are explained in plain words on the step they concern.
 */
export async function addSubproject(services: ManageServices, node?: DocsNode): Promise<Subproject | undefined> {
  const target = await resolveProject(services, node, vscode.l10n.t('Add a subproject to which project?'));
  if (!target) return undefined;
  const { client, projectSlug: slug, edition } = target;
  const [parent, projects, existing] = await withProgress(vscode.l10n.t('Reading the projects…'), () => Promise.all([
    target.project ?? client.projects.get(slug, {}, { priority: 'user' }),
    client.allItems(client.projects.list({}, {}, { priority: 'user' })),
    client.allItems(client.subprojects.list(slug, { priority: 'user' })),
  ]));
  if (parent.subprojectOf) {
    void services.ui.current.error(vscode.l10n.t('{0} is a subproject of {1}, and Read the Docs does not nest subprojects: add it to {2} instead.', slug, parent.subprojectOf, parent.subprojectOf));
    return undefined;
  }
  const candidates = subprojectCandidates(slug, projects, existing);
  if (candidates.length === 0) {
    void services.ui.current.info(vscode.l10n.t('None of your other projects can become a subproject of {0}: import another project first.', slug));
    return undefined;
  }
  const form: SubprojectForm = { child: undefined, alias: '' };
  let created: Subproject | undefined;
  try {
    created = await runMultiStep(services.ui, {
      title: vscode.l10n.t('Add Subproject to {0}', slug),
      steps: [
        pickStep<SubprojectForm, ProjectItem>({
          fields: ['child'],
          placeholder: vscode.l10n.t('Which project becomes a subproject? (type to search)'),
          items: () => candidates.map((project) => ({
            label: project.name,
            description: project.slug,
            detail: project.repository.url || undefined,
            project,
          })),
          isActive: (item, f) => item.project.slug === f.child?.slug,
          set: (f, item) => { f.child = item.project; },
          matchOnDescription: true,
          matchOnDetail: true,
        }),
        inputStep<SubprojectForm>({
          fields: ['alias'],
          prompt: (f) => vscode.l10n.t('Alias in the URL (optional): /projects/<alias>/. Empty uses {0}.', f.child?.slug ?? vscode.l10n.t('the project slug')),
          placeholder: 'api',
          get: (f) => f.alias,
          set: (f, text) => { f.alias = text.trim(); },
          validate: (text) => {
            const alias = text.trim();
            const error = validateSubprojectAlias(alias)
              ?? (existing.some((s) => s.alias === alias) ? vscode.l10n.t('{0} already has a subproject with the alias {1}.', slug, alias) : undefined);
            if (error) return error;
            const warning = subprojectAliasWarning(alias);
            return warning ? { message: warning, severity: vscode.InputBoxValidationSeverity.Warning } : undefined;
          },
        }),
      ],
      state: form,
      submit: async (f) => {
        const child = f.child!;
        try {
          return await withProgress(vscode.l10n.t('Adding {0} to {1}…', child.slug, slug), () => client.subprojects.create(slug, child.slug, f.alias || undefined, { priority: 'user' }));
        } catch (error) {
          throw explainRefusal(error, child.slug, edition);
        }
      },
      fieldOfMessage: subprojectFieldOfMessage,
    });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    void services.ui.current.error(explainParentRefusal(slug, [...error.generalErrors, ...Object.values(error.fieldErrors).flat()].join(' ')));
    return undefined;
  }
  if (!created) return undefined;
  void services.ui.current.info(vscode.l10n.t('{0} is now a subproject of {1}, at /projects/{2}/.', created.child.slug, slug, created.alias));
  return created;
}

/** Child refusals get the rules spelled out; the rest passes as is. */
function explainRefusal(error: unknown, child: string, edition: 'community' | 'business'): unknown {
  if (!(error instanceof ValidationError) || !error.fieldErrors.child) return error;
  const fieldErrors = { ...error.fieldErrors, child: [explainChildRefusal(child, error.fieldErrors.child.join(' '), edition)] };
  return new ValidationError(fieldErrors, error.generalErrors, error.request);
}

/** `readthedocs.removeSubproject`, after a confirmation. The child project itself stays. */
export async function removeSubproject(services: ManageServices, node?: DocsNode): Promise<boolean> {
  const picked = await resolveItem(services, node, 'subprojects', {
    project: vscode.l10n.t('Remove a subproject of which project?'),
    item: vscode.l10n.t('Remove which subproject?'),
    reading: (slug) => vscode.l10n.t('Reading the subprojects of {0}…', slug),
    none: (slug) => vscode.l10n.t('{0} has no subprojects.', slug),
    list: (client, slug, call) => client.subprojects.list(slug, call),
    choice: (subproject) => ({ label: subproject.child.name, description: `${subproject.child.slug} · /projects/${subproject.alias}/` }),
  });
  if (!picked) return false;
  const { target, item: subproject } = picked;
  const confirmed = await services.ui.current.confirm(
    vscode.l10n.t('Remove the subproject {0} (alias {1}) from {2}?', subproject.child.slug, subproject.alias, target.projectSlug),
    vscode.l10n.t('{0} itself is not deleted; its docs stop being served under {1}\'s /projects/{2}/.', subproject.child.slug, target.projectSlug, subproject.alias),
    vscode.l10n.t('Remove'),
  );
  if (!confirmed) return false;
  await withProgress(vscode.l10n.t('Removing {0} from {1}…', subproject.child.slug, target.projectSlug), () => target.client.subprojects.delete(target.projectSlug, subproject.alias, { priority: 'user' }));
  void services.ui.current.info(vscode.l10n.t('{0} is no longer a subproject of {1}.', subproject.child.slug, target.projectSlug));
  return true;
}

