import { l10n } from '../../core/l10n';
import { envVarFieldOfMessage, publicWarning, replaceConfirmation, takenNames } from '../../core/manage/envVars';
import { type EnvironmentVariable } from '../../core/models/environmentVariable';
import { validateEnvVarName, validateEnvVarValue } from '../../core/validation/envVars';
import { type Labeled, type Step, inputStep, pickStep, runMultiStep } from '../ui/multiStep';
import { type ManageServices } from '../services';
import { type ItemQuestion, resolveItem, resolveProject } from '../tree/pickers';
import { withProgress } from '../ui/progress';
import { type DocsNode } from '../../core/tree/nodes';

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
    prompt: (form) => l10n.t('Value of {0} (hidden as you type; Read the Docs never shows it again)', form.name),
    password: true,
    get: (form) => form.value,
    set: (form, text) => { form.value = text; },
    validate: (text) => validateEnvVarValue(text),
  });
}

function publicStep(): Step<VariableForm> {
  return pickStep<VariableForm, Labeled<boolean>>({
    fields: ['public'],
    placeholder: (form) => l10n.t('Who can see {0}?', form.name),
    items: () => [
      { label: l10n.t('Private'), description: l10n.t('default'), detail: l10n.t('Only builds of branches and tags get it; pull-request builds do not.'), value: false },
      { label: l10n.t('$(warning) Public'), detail: publicWarning(), value: true },
    ],
    isActive: (item, form) => item.value === form.public,
    set: (form, item) => { form.public = item.value; },
  });
}

function visibility(variable: { readonly public: boolean }): string {
  return variable.public ? 'public' : 'private';
}

/** `readthedocs.createEnvironmentVariable`: name (the dashboard's rules, no duplicates), value (password box), public or not. */
export async function createEnvironmentVariable(services: ManageServices, node?: DocsNode): Promise<EnvironmentVariable | undefined> {
  const target = await resolveProject(services, node, l10n.t('Add an environment variable to which project?'));
  if (!target) return undefined;
  const { client, projectSlug: slug } = target;
  const existing = await withProgress(l10n.t('Reading the environment variables of {0}…', slug), () => client.allItems(client.environmentVariables.list(slug, { priority: 'user' })));
  const names = takenNames(existing);
  const form: VariableForm = { name: '', value: '', public: false };
  const created = await runMultiStep(services.ui, {
    title: l10n.t('New Environment Variable in {0}', slug),
    steps: [
      inputStep<VariableForm>({
        fields: ['name'],
        prompt: l10n.t('Name: letters, digits and _ (not starting with __ or READTHEDOCS)'),
        placeholder: 'MY_SETTING',
        get: (f) => f.name,
        set: (f, text) => { f.name = text.trim(); },
        validate: (text) => validateEnvVarName(text.trim(), names),
      }),
      valueStep(),
      publicStep(),
    ],
    state: form,
    submit: (f) => withProgress(l10n.t('Creating {0} in {1}…', f.name, slug), () => client.environmentVariables.create(slug, { name: f.name, value: f.value, public: f.public }, { priority: 'user' })),
    fieldOfMessage: envVarFieldOfMessage,
  });
  form.value = '';
  if (!created) return undefined;
  void services.ui.current.info(l10n.t('Created the {0} environment variable {1} in {2}.', visibility(created), created.name, slug));
  return created;
}

/** `readthedocs.deleteEnvironmentVariable`, after a confirmation. */
export async function deleteEnvironmentVariable(services: ManageServices, node?: DocsNode): Promise<boolean> {
  const picked = await resolveItem(services, node, 'environmentVariables', variableQuestion(l10n.t('Delete an environment variable of which project?'), l10n.t('Delete which variable?')));
  if (!picked) return false;
  const { target, item: variable } = picked;
  const confirmed = await services.ui.current.confirm(
    l10n.t('Delete the environment variable {0} from {1}?', variable.name, target.projectSlug),
    l10n.t('Builds will no longer get it. Its value cannot be read back, so keep a copy if you need it. This cannot be undone.'),
    l10n.t('Delete'),
  );
  if (!confirmed) return false;
  await withProgress(l10n.t('Deleting {0} from {1}…', variable.name, target.projectSlug), () => target.client.environmentVariables.delete(target.projectSlug, variable.pk, { priority: 'user' }));
  void services.ui.current.info(l10n.t('Deleted the environment variable {0} from {1}.', variable.name, target.projectSlug));
  return true;
}

/**
 * `readthedocs.replaceEnvironmentVariable` ("Replace value…"). The API has no update, and it
 * accepts duplicate names: so, after a confirmation, the new variable is created first and the
 * old one deleted only when that worked. A refused value leaves the old variable as it was.
 */
export async function replaceEnvironmentVariable(services: ManageServices, node?: DocsNode): Promise<EnvironmentVariable | undefined> {
  const picked = await resolveItem(services, node, 'environmentVariables', variableQuestion(l10n.t('Replace a variable of which project?'), l10n.t('Replace the value of which variable?')));
  if (!picked) return undefined;
  const { target, item: variable } = picked;
  const { client, projectSlug: slug } = target;
  const form: VariableForm = { name: variable.name, value: '', public: variable.public };
  let confirmed = false;
  const created = await runMultiStep(services.ui, {
    title: l10n.t('Replace the Value of {0} ({1})', variable.name, slug),
    steps: [valueStep(), publicStep()],
    state: form,
    submit: async (f) => {
      if (!confirmed) {
        const { message, detail } = replaceConfirmation(variable.name, slug);
        confirmed = await services.ui.current.confirm(message, detail, l10n.t('Replace'));
        if (!confirmed) return undefined;
      }
      return withProgress(l10n.t('Creating the new {0} in {1}…', f.name, slug), () => client.environmentVariables.create(slug, { name: f.name, value: f.value, public: f.public }, { priority: 'user' }));
    },
    fieldOfMessage: envVarFieldOfMessage,
  });
  form.value = '';
  if (!created) return undefined;
  try {
    await withProgress(l10n.t('Deleting the old {0} from {1}…', variable.name, slug), () => client.environmentVariables.delete(slug, variable.pk, { priority: 'user' }));
  } catch (error) {
    services.logger.warn(`envVars: the new ${variable.name} (pk ${created.pk}) was created but the old one (pk ${variable.pk}) was not deleted`);
    void services.ui.current.warn(
      l10n.t('The new value of {0} is saved, but the old variable could not be deleted ({1}). ', variable.name, services.reporter.describe(error))
      + l10n.t('{0} now has two variables named {1}: delete the older one.', slug, variable.name),
    );
    return created;
  }
  void services.ui.current.info(l10n.t('Replaced the value of {0} in {1} ({2}).', variable.name, slug, visibility(created)));
  return created;
}

/** Asking for one of a project's environment variables (`resolveItem`). */
function variableQuestion(project: string, item: string): ItemQuestion<EnvironmentVariable> {
  return {
    project,
    item,
    reading: (slug) => l10n.t('Reading the environment variables of {0}…', slug),
    none: (slug) => l10n.t('{0} has no environment variables.', slug),
    list: (client, slug, call) => client.environmentVariables.list(slug, call),
    choice: (variable) => ({
      label: variable.name,
      description: [visibility(variable), variable.created ? `created ${variable.created.slice(0, 10)}` : undefined].filter(Boolean).join(' · '),
    }),
  };
}
