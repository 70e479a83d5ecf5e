import type * as vscode from 'vscode';
import { envVarFieldOfMessage, publicWarning, replaceConfirmation, takenNames } from '../../core/manage/envVars';
import { type EnvironmentVariable } from '../../core/models/environmentVariable';
import { validateEnvVarName, validateEnvVarValue } from '../../core/validation/envVars';
import { type Labeled, type Step, inputStep, pickStep, runMultiStep } from '../ui/multiStep';
import { type ManageServices } from '.';
import { type ProjectTarget, resolveProject } from '../tree/pickers';
import { withProgress } from '../ui/progress';
import { nodeOfKind, nodeIds } from '../../core/tree/nodes';

/**
 * Environment variables. Values are write-only on the server and stay out of every message, log
 * line and tree row here: they live only in the state of the prompt until the POST.
 */

interface VariableForm {
  name: string;
  value: string;
  public: boolean;
}

function valueStep(): Step<VariableForm> {
  return inputStep<VariableForm>({
    fields: ['value'],
    prompt: (form) => `Value of ${form.name} (hidden as you type; Read the Docs never shows it again)`,
    password: true,
    get: (form) => form.value,
    set: (form, text) => { form.value = text; },
    validate: (text) => validateEnvVarValue(text),
  });
}

function publicStep(): Step<VariableForm> {
  return pickStep<VariableForm, Labeled<boolean>>({
    fields: ['public'],
    placeholder: (form) => `Who can see ${form.name}?`,
    items: () => [
      { label: 'Private', description: 'default', detail: 'Only builds of branches and tags get it; pull-request builds do not.', value: false },
      { label: '$(warning) Public', detail: publicWarning(), value: true },
    ],
    isActive: (item, form) => item.value === form.public,
    set: (form, item) => { form.public = item.value; },
  });
}

function visibility(variable: { readonly public: boolean }): string {
  return variable.public ? 'public' : 'private';
}

/** `readthedocs.createEnvironmentVariable`: name (the dashboard's rules, no duplicates), value (password box), public or not. */
export async function createEnvironmentVariable(services: ManageServices, node?: unknown): Promise<EnvironmentVariable | undefined> {
  const target = await resolveProject(services, node, 'Add an environment variable to which project?');
  if (!target) return undefined;
  const { client, projectSlug: slug } = target;
  const existing = await withProgress(`Reading the environment variables of ${slug}…`, () => client.allItems(client.environmentVariables.list(slug, { priority: 'user' })));
  const names = takenNames(existing);
  const form: VariableForm = { name: '', value: '', public: false };
  const created = await runMultiStep(services.ui, {
    title: `New Environment Variable in ${slug}`,
    steps: [
      inputStep<VariableForm>({
        fields: ['name'],
        prompt: 'Name: letters, digits and _ (not starting with __ or READTHEDOCS)',
        placeholder: 'MY_SETTING',
        get: (f) => f.name,
        set: (f, text) => { f.name = text.trim(); },
        validate: (text) => validateEnvVarName(text.trim(), names),
      }),
      valueStep(),
      publicStep(),
    ],
    state: form,
    submit: (f) => withProgress(`Creating ${f.name} in ${slug}…`, () => client.environmentVariables.create(slug, { name: f.name, value: f.value, public: f.public }, { priority: 'user' })),
    fieldOfMessage: envVarFieldOfMessage,
  });
  form.value = '';
  if (!created) return undefined;
  services.tree.refresh(nodeIds.folder(target.projectId, 'environmentVariables'));
  void services.ui.current.info(`Created the ${visibility(created)} environment variable ${created.name} in ${slug}.`);
  return created;
}

/** `readthedocs.deleteEnvironmentVariable`, after a confirmation. */
export async function deleteEnvironmentVariable(services: ManageServices, node?: unknown): Promise<boolean> {
  const picked = await resolveVariable(services, node, 'Delete an environment variable of which project?', 'Delete which variable?');
  if (!picked) return false;
  const { target, variable } = picked;
  const confirmed = await services.ui.current.confirm(
    `Delete the environment variable ${variable.name} from ${target.projectSlug}?`,
    'Builds will no longer get it. Its value cannot be read back, so keep a copy if you need it. This cannot be undone.',
    'Delete',
  );
  if (!confirmed) return false;
  await withProgress(`Deleting ${variable.name} from ${target.projectSlug}…`, () => target.client.environmentVariables.delete(target.projectSlug, variable.pk, { priority: 'user' }));
  services.tree.refresh(nodeIds.folder(target.projectId, 'environmentVariables'));
  void services.ui.current.info(`Deleted the environment variable ${variable.name} from ${target.projectSlug}.`);
  return true;
}

/**
 * `readthedocs.replaceEnvironmentVariable` ("Replace value…"). The API has no update, and it
 * accepts duplicate names: so, after a confirmation, the new variable is created first and the
 * old one deleted only when that worked. A refused value leaves the old variable as it was.
 */
export async function replaceEnvironmentVariable(services: ManageServices, node?: unknown): Promise<EnvironmentVariable | undefined> {
  const picked = await resolveVariable(services, node, 'Replace a variable of which project?', 'Replace the value of which variable?');
  if (!picked) return undefined;
  const { target, variable } = picked;
  const { client, projectSlug: slug } = target;
  const form: VariableForm = { name: variable.name, value: '', public: variable.public };
  let confirmed = false;
  const created = await runMultiStep(services.ui, {
    title: `Replace the Value of ${variable.name} (${slug})`,
    steps: [valueStep(), publicStep()],
    state: form,
    submit: async (f) => {
      if (!confirmed) {
        const { message, detail } = replaceConfirmation(variable.name, slug);
        confirmed = await services.ui.current.confirm(message, detail, 'Replace');
        if (!confirmed) return undefined;
      }
      return withProgress(`Creating the new ${f.name} in ${slug}…`, () => client.environmentVariables.create(slug, { name: f.name, value: f.value, public: f.public }, { priority: 'user' }));
    },
    fieldOfMessage: envVarFieldOfMessage,
  });
  form.value = '';
  if (!created) return undefined;
  try {
    await withProgress(`Deleting the old ${variable.name} from ${slug}…`, () => client.environmentVariables.delete(slug, variable.pk, { priority: 'user' }));
  } catch (error) {
    services.logger.warn(`envVars: the new ${variable.name} (pk ${created.pk}) was created but the old one (pk ${variable.pk}) was not deleted`);
    services.tree.refresh(nodeIds.folder(target.projectId, 'environmentVariables'));
    void services.ui.current.warn(
      `The new value of ${variable.name} is saved, but the old variable could not be deleted (${services.reporter.describe(error)}). `
      + `${slug} now has two variables named ${variable.name}: delete the older one.`,
    );
    return created;
  }
  services.tree.refresh(nodeIds.folder(target.projectId, 'environmentVariables'));
  void services.ui.current.info(`Replaced the value of ${variable.name} in ${slug} (${visibility(created)}).`);
  return created;
}

interface VariableItem extends vscode.QuickPickItem { readonly variable: EnvironmentVariable }

async function resolveVariable(
  services: ManageServices,
  node: unknown,
  projectPlaceholder: string,
  variablePlaceholder: string,
): Promise<{ target: ProjectTarget; variable: EnvironmentVariable } | undefined> {
  const variableNode = nodeOfKind(node, 'environmentVariable');
  const target = await resolveProject(services, variableNode ?? node, projectPlaceholder);
  if (!target) return undefined;
  if (variableNode) return { target, variable: variableNode.variable };
  const variables = await withProgress(`Reading the environment variables of ${target.projectSlug}…`, () => target.client.allItems(target.client.environmentVariables.list(target.projectSlug, { priority: 'user' })));
  if (variables.length === 0) {
    void services.ui.current.info(`${target.projectSlug} has no environment variables.`);
    return undefined;
  }
  const items: VariableItem[] = variables.map((variable) => ({
    label: variable.name,
    description: [visibility(variable), variable.created ? `created ${variable.created.slice(0, 10)}` : undefined].filter(Boolean).join(' · '),
    variable,
  }));
  const picked = await services.ui.current.quickPick(items, { placeHolder: variablePlaceholder, matchOnDescription: true });
  return picked && { target, variable: picked.variable };
}
