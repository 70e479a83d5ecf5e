import { l10n } from '../../core/l10n';
import type * as vscode from 'vscode';
import { ValidationError } from '../../core/api/errors';
import { type Choice } from '../../core/choices/choice';
import { REDIRECT_TYPE_CHOICES } from '../../core/choices/redirectTypes';
import {
  type RedirectForm, emptyRedirectForm, isRedirectLimitMessage, redirectFieldOfMessage, serverRedirectTypes,
  redirectFormOf, redirectInputOf, redirectLimitExplanation, redirectSummary, typeUsesUrls,
} from '../../core/manage/redirects';
import { type Redirect } from '../../core/models/redirect';
import {
  MAX_REDIRECT_DESCRIPTION_LENGTH, validateFromUrl, validateRedirect, validateRedirectCount, validateToUrl,
} from '../../core/validation/redirects';
import { tooLong } from '../../core/validation/text';
import { type Labeled, type Step, inputStep, pickStep, runMultiStep } from '../ui/multiStep';
import { isBack } from '../ui/quickInput';
import { type ManageServices } from '../services';
import { type ItemQuestion, type ProjectTarget, resolveItem, resolveProject } from '../tree/pickers';
import { withProgress } from '../ui/progress';
import { type DocsNode } from '../../core/tree/nodes';
import { redirectSettingsWords } from '../../core/tree/itemPresenters';

/** `readthedocs.createRedirect`: project node, Redirects folder, or the palette. */
export async function createRedirect(services: ManageServices, node?: DocsNode): Promise<Redirect | undefined> {
  const target = await resolveProject(services, node, l10n.t('Create a redirect in which project?'));
  if (!target) return undefined;
  const { client, projectSlug: slug, edition } = target;
  const [existing, types] = await withProgress(l10n.t('Reading the redirects of {0}…', slug), () => Promise.all([
    client.allItems(client.redirects.list(slug, { priority: 'user' })),
    serverRedirectTypes(target.client, target.projectSlug, services.logger),
  ]));
  if (edition === 'community') {
    const limit = validateRedirectCount(existing.length);
    if (limit) {
      void services.ui.current.error(redirectLimitExplanation(edition, limit));
      return undefined;
    }
  }
  const form = emptyRedirectForm();
  const created = await runRedirectSteps(services, target, {
    title: l10n.t('Create Redirect in {0}', slug),
    form,
    types,
    others: existing,
    edit: false,
    submit: () => withProgress(l10n.t('Creating the redirect in {0}…', slug), () => client.redirects.create(slug, redirectInputOf(form, false), { priority: 'user' })),
  });
  if (!created) return undefined;
  void services.ui.current.info(l10n.t('Created the redirect {0} in {1}.', redirectSummary(created, typeName(types, created.type)), slug));
  return created;
}

/** `readthedocs.editRedirect`: a redirect node, or the palette (project → redirect). PUT with the whole object. */
export async function editRedirect(services: ManageServices, node?: DocsNode): Promise<Redirect | undefined> {
  const picked = await resolveItem(services, node, 'redirects', redirectQuestion(l10n.t('Edit a redirect of which project?'), l10n.t('Edit which redirect?')));
  if (!picked) return undefined;
  const { target, item: redirect } = picked;
  const { client, projectSlug: slug } = target;
  const [current, existing, types] = await withProgress(l10n.t('Reading the redirect of {0}…', slug), () => Promise.all([
    client.redirects.get(slug, redirect.pk, { priority: 'user' }),
    client.allItems(client.redirects.list(slug, { priority: 'user' })),
    serverRedirectTypes(target.client, target.projectSlug, services.logger),
  ]));
  const form = redirectFormOf(current);
  const saved = await runRedirectSteps(services, target, {
    title: l10n.t('Edit Redirect {0}', redirectSummary(current, typeName(types, current.type))),
    form,
    types,
    others: existing.filter((r) => r.pk !== current.pk),
    edit: true,
    submit: () => withProgress(l10n.t('Saving the redirect of {0}…', slug), () => client.redirects.replace(slug, current.pk, redirectInputOf(form, true), { priority: 'user' })),
  });
  if (!saved) return undefined;
  void services.ui.current.info(l10n.t('Saved the redirect {0} of {1}.', redirectSummary(saved, typeName(types, saved.type)), slug));
  return saved;
}

/** `readthedocs.deleteRedirect`: confirmation naming from → to. */
export async function deleteRedirect(services: ManageServices, node?: DocsNode): Promise<boolean> {
  const picked = await resolveItem(services, node, 'redirects', redirectQuestion(l10n.t('Delete a redirect of which project?'), l10n.t('Delete which redirect?')));
  if (!picked) return false;
  const { target, item: redirect } = picked;
  const summary = redirectSummary(redirect, typeName(REDIRECT_TYPE_CHOICES, redirect.type));
  const confirmed = await services.ui.current.confirm(
    l10n.t('Delete the redirect {0} from {1}?', summary, target.projectSlug),
    typeUsesUrls(redirect.type)
      ? l10n.t('Visitors of {0} will no longer be sent to {1}. This cannot be undone.', redirect.fromUrl || '/', redirect.toUrl || '/')
      : l10n.t('The project will stop rewriting these URLs. This cannot be undone.'),
    l10n.t('Delete'),
  );
  if (!confirmed) return false;
  await withProgress(l10n.t('Deleting the redirect from {0}…', target.projectSlug), () => target.client.redirects.delete(target.projectSlug, redirect.pk, { priority: 'user' }));
  void services.ui.current.info(l10n.t('Deleted the redirect {0} from {1}.', summary, target.projectSlug));
  return true;
}


function typeName(types: readonly Choice[], code: string): string {
  return types.find((t) => t.code === code)?.name ?? REDIRECT_TYPE_CHOICES.find((t) => t.code === code)?.name ?? code;
}

interface RedirectFlow {
  readonly title: string;
  readonly form: RedirectForm;
  readonly types: readonly Choice[];
  /** The project's other redirects (the one-per-project rule). */
  readonly others: readonly Redirect[];
  readonly edit: boolean;
  readonly submit: () => Promise<Redirect>;
}

async function runRedirectSteps(services: ManageServices, target: ProjectTarget, flow: RedirectFlow): Promise<Redirect | undefined> {
  const { form } = flow;
  try {
    return await runMultiStep(services.ui, {
      title: flow.title,
      steps: redirectSteps(flow),
      state: form,
      submit: flow.submit,
      fieldOfMessage: redirectFieldOfMessage,
    });
  } catch (error) {
    const limit = error instanceof ValidationError ? error.generalErrors.find(isRedirectLimitMessage) : undefined;
    if (limit === undefined) throw error;
    void services.ui.current.error(redirectLimitExplanation(target.edition, limit));
    return undefined;
  }
}

interface TypeItem extends vscode.QuickPickItem { readonly code: string }

/** Type first; then only what that type uses; then the options every type has. */
function redirectSteps(flow: RedirectFlow): Step<RedirectForm>[] {
  // Before the type is chosen, count the URL steps: most redirects have them (the total shrinks for the others).
  const urls = (form: RedirectForm) => form.type === '' || typeUsesUrls(form.type);
  return [
    typeStep(flow),
    inputStep<RedirectForm>({
      fields: ['from_url'],
      when: urls,
      prompt: (form) => (form.type === 'exact'
        ? l10n.t('From: the full path, with language and version (/en/latest/old.html). End with * to match everything below (/en/latest/old/*).')
        : l10n.t('From: the page path, the same in every version (/old.html). End with * to match everything below (/old/*).')),
      placeholder: '/old-page.html',
      get: (form) => form.fromUrl,
      set: (form, text) => { form.fromUrl = text.trim(); },
      validate: (text, form) => validateFromUrl(text.trim(), form.type),
    }),
    inputStep<RedirectForm>({
      fields: ['to_url'],
      when: urls,
      prompt: (form) => (form.fromUrl.endsWith('*') ? l10n.t('To: a path (/new-page.html) or a full https:// URL. :splat stands for what * matched.') : l10n.t('To: a path (/new-page.html) or a full https:// URL.')),
      placeholder: '/new-page.html',
      get: (form) => form.toUrl,
      set: (form, text) => { form.toUrl = text.trim(); },
      validate: (text, form) => validateToUrl(text.trim(), form.type, form.fromUrl),
    }),
    pickStep<RedirectForm, Labeled<301 | 302>>({
      fields: ['http_status'],
      placeholder: l10n.t('HTTP status of the redirect'),
      items: () => [
        { label: l10n.t('302 Temporary'), description: l10n.t('default'), detail: l10n.t('Browsers and search engines keep the old URL.'), value: 302 },
        { label: l10n.t('301 Permanent'), detail: l10n.t('Browsers cache it and search engines move to the new URL. Hard to undo.'), value: 301 },
      ],
      isActive: (item, form) => item.value === form.httpStatus,
      set: (form, item) => { form.httpStatus = item.value; },
    }),
    pickStep<RedirectForm, Labeled<boolean>>({
      fields: ['force'],
      placeholder: l10n.t('When does the redirect apply?'),
      items: () => [
        { label: l10n.t('Only when the page does not exist'), description: l10n.t('default'), detail: l10n.t('Redirects apply on a 404.'), value: false },
        { label: l10n.t('Always, even when the page exists'), description: 'force', detail: l10n.t('The existing page becomes unreachable.'), value: true },
      ],
      isActive: (item, form) => item.value === form.force,
      set: (form, item) => { form.force = item.value; },
    }),
    ...(flow.edit ? [pickStep<RedirectForm, Labeled<boolean>>({
      fields: ['enabled'],
      placeholder: 'Enabled?',
      items: () => [
        { label: l10n.t('Enabled'), value: true },
        { label: l10n.t('Disabled'), detail: l10n.t('Kept, but not applied.'), value: false },
      ],
      isActive: (item, form) => item.value === form.enabled,
      set: (form, item) => { form.enabled = item.value; },
    })] : []),
    inputStep<RedirectForm>({
      fields: ['description'],
      prompt: l10n.t('Description (optional): a note for the maintainers.'),
      get: (form) => form.description,
      set: (form, text) => { form.description = text.trim(); },
      validate: (text) => tooLong(text.trim(), MAX_REDIRECT_DESCRIPTION_LENGTH, l10n.t('the description')),
    }),
  ];
}

/** The type pick, with one-line explanations; a type the project already has one of is explained and asked again. */
function typeStep(flow: RedirectFlow): Step<RedirectForm> {
  return {
    fields: ['type'],
    async show(form, { ui, options, serverMessage }) {
      const items: TypeItem[] = flow.types.map((t) => ({ label: t.name, description: t.code, detail: t.detail, code: t.code }));
      let note = serverMessage === undefined ? undefined : l10n.t('Read the Docs: {0}', serverMessage);
      for (;;) {
        const answer = await ui.current.stepPick(items, {
          ...options,
          placeholder: [note, l10n.t('Which kind of redirect?')].filter(Boolean).join(' '),
          active: items.find((item) => item.code === form.type),
        });
        if (answer === undefined) return 'cancel';
        if (isBack(answer)) return 'back';
        const refusal = validateRedirect({ type: answer.code }, flow.others).type;
        if (refusal === undefined) {
          form.type = answer.code;
          return 'next';
        }
        note = refusal;
      }
    },
  };
}

/** A redirect node, or the palette: project, then one of its redirects. */

/** Asking for one of a project's redirects (`resolveItem`). */
function redirectQuestion(project: string, item: string): ItemQuestion<Redirect> {
  return {
    project,
    item,
    reading: (slug) => l10n.t('Reading the redirects of {0}…', slug),
    none: (slug) => l10n.t('{0} has no redirects.', slug),
    list: (client, slug, call) => client.redirects.list(slug, call),
    choice: (redirect) => ({
      label: redirectSummary(redirect, typeName(REDIRECT_TYPE_CHOICES, redirect.type)),
      description: [redirect.type, redirectSettingsWords(redirect)].filter(Boolean).join(' · '),
      detail: redirect.description || undefined,
    }),
  };
}
