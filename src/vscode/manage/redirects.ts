import type * as vscode from 'vscode';
import { ValidationError } from '../../core/api/errors';
import { type Choice } from '../../core/choices/choice';
import { REDIRECT_TYPE_CHOICES, redirectTypesFromOptions } from '../../core/choices/redirectTypes';
import {
  type RedirectForm, emptyRedirectForm, isRedirectLimitMessage, offeredRedirectTypes, redirectFieldOfMessage,
  redirectFormOf, redirectInputOf, redirectLimitExplanation, redirectSummary, typeUsesUrls,
} from '../../core/manage/redirects';
import { type Redirect } from '../../core/models/redirect';
import {
  MAX_REDIRECT_DESCRIPTION_LENGTH, validateFromUrl, validateRedirect, validateRedirectCount, validateToUrl,
} from '../../core/validation/redirects';
import { tooLong } from '../../core/validation/text';
import { type Labeled, type Step, inputStep, pickStep, runMultiStep } from '../ui/multiStep';
import { isBack } from '../ui/quickInput';
import { type ManageServices } from '.';
import { type ProjectTarget, resolveProject } from '../tree/pickers';
import { withProgress } from '../ui/progress';
import { type DocsNode, nodeIds } from '../../core/tree/nodes';
import { errorDetail } from '../../core/api/describeError';
import { componentLogger } from '../../core/log';

/** `readthedocs.createRedirect`: project node, Redirects folder, or the palette. */
export async function createRedirect(services: ManageServices, node?: DocsNode): Promise<Redirect | undefined> {
  const target = await resolveProject(services, node, 'Create a redirect in which project?');
  if (!target) return undefined;
  const { client, projectSlug: slug, edition } = target;
  const [existing, types] = await withProgress(`Reading the redirects of ${slug}…`, () => Promise.all([
    client.allItems(client.redirects.list(slug, { priority: 'user' })),
    redirectTypeChoices(services, target),
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
    title: `Create Redirect in ${slug}`,
    form,
    types,
    others: existing,
    edit: false,
    submit: () => withProgress(`Creating the redirect in ${slug}…`, () => client.redirects.create(slug, redirectInputOf(form, false), { priority: 'user' })),
  });
  if (!created) return undefined;
  services.tree.refresh(nodeIds.folder(target.projectId, 'redirects'));
  void services.ui.current.info(`Created the redirect ${redirectSummary(created, typeName(types, created.type))} in ${slug}.`);
  return created;
}

/** `readthedocs.editRedirect`: a redirect node, or the palette (project → redirect). PUT with the whole object. */
export async function editRedirect(services: ManageServices, node?: DocsNode): Promise<Redirect | undefined> {
  const picked = await resolveRedirect(services, node, 'Edit a redirect of which project?', 'Edit which redirect?');
  if (!picked) return undefined;
  const { target, redirect } = picked;
  const { client, projectSlug: slug } = target;
  const [current, existing, types] = await withProgress(`Reading the redirect of ${slug}…`, () => Promise.all([
    client.redirects.get(slug, redirect.pk, { priority: 'user' }),
    client.allItems(client.redirects.list(slug, { priority: 'user' })),
    redirectTypeChoices(services, target),
  ]));
  const form = redirectFormOf(current);
  const saved = await runRedirectSteps(services, target, {
    title: `Edit Redirect ${redirectSummary(current, typeName(types, current.type))}`,
    form,
    types,
    others: existing.filter((r) => r.pk !== current.pk),
    edit: true,
    submit: () => withProgress(`Saving the redirect of ${slug}…`, () => client.redirects.replace(slug, current.pk, redirectInputOf(form, true), { priority: 'user' })),
  });
  if (!saved) return undefined;
  services.tree.refresh(nodeIds.folder(target.projectId, 'redirects'));
  void services.ui.current.info(`Saved the redirect ${redirectSummary(saved, typeName(types, saved.type))} of ${slug}.`);
  return saved;
}

/** `readthedocs.deleteRedirect`: confirmation naming from → to. */
export async function deleteRedirect(services: ManageServices, node?: DocsNode): Promise<boolean> {
  const picked = await resolveRedirect(services, node, 'Delete a redirect of which project?', 'Delete which redirect?');
  if (!picked) return false;
  const { target, redirect } = picked;
  const summary = redirectSummary(redirect, typeName(REDIRECT_TYPE_CHOICES, redirect.type));
  const confirmed = await services.ui.current.confirm(
    `Delete the redirect ${summary} from ${target.projectSlug}?`,
    typeUsesUrls(redirect.type)
      ? `Visitors of ${redirect.fromUrl || '/'} will no longer be sent to ${redirect.toUrl || '/'}. This cannot be undone.`
      : 'The project will stop rewriting these URLs. This cannot be undone.',
    'Delete',
  );
  if (!confirmed) return false;
  await withProgress(`Deleting the redirect from ${target.projectSlug}…`, () => target.client.redirects.delete(target.projectSlug, redirect.pk, { priority: 'user' }));
  services.tree.refresh(nodeIds.folder(target.projectId, 'redirects'));
  void services.ui.current.info(`Deleted the redirect ${summary} from ${target.projectSlug}.`);
  return true;
}

/** The types this server accepts (its OPTIONS answer), else the known four. */
async function redirectTypeChoices(services: ManageServices, target: ProjectTarget): Promise<readonly Choice[]> {
  try {
    const offered = offeredRedirectTypes(redirectTypesFromOptions(await target.client.redirects.metadata(target.projectSlug, { priority: 'user' })));
    return offered.length > 0 ? offered : REDIRECT_TYPE_CHOICES;
  } catch (error) {
    componentLogger(services.logger, 'manage').debug(`redirects: no type list from OPTIONS (${errorDetail(error)}); using the known types`);
    return REDIRECT_TYPE_CHOICES;
  }
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
        ? 'From: the full path, with language and version (/en/latest/old.html). End with * to match everything below (/en/latest/old/*).'
        : 'From: the page path, the same in every version (/old.html). End with * to match everything below (/old/*).'),
      placeholder: '/old-page.html',
      get: (form) => form.fromUrl,
      set: (form, text) => { form.fromUrl = text.trim(); },
      validate: (text, form) => validateFromUrl(text.trim(), form.type),
    }),
    inputStep<RedirectForm>({
      fields: ['to_url'],
      when: urls,
      prompt: (form) => `To: a path (/new-page.html) or a full https:// URL.${form.fromUrl.endsWith('*') ? ' :splat stands for what * matched.' : ''}`,
      placeholder: '/new-page.html',
      get: (form) => form.toUrl,
      set: (form, text) => { form.toUrl = text.trim(); },
      validate: (text, form) => validateToUrl(text.trim(), form.type, form.fromUrl),
    }),
    pickStep<RedirectForm, Labeled<301 | 302>>({
      fields: ['http_status'],
      placeholder: 'HTTP status of the redirect',
      items: () => [
        { label: '302 Temporary', description: 'default', detail: 'Browsers and search engines keep the old URL.', value: 302 },
        { label: '301 Permanent', detail: 'Browsers cache it and search engines move to the new URL. Hard to undo.', value: 301 },
      ],
      isActive: (item, form) => item.value === form.httpStatus,
      set: (form, item) => { form.httpStatus = item.value; },
    }),
    pickStep<RedirectForm, Labeled<boolean>>({
      fields: ['force'],
      placeholder: 'When does the redirect apply?',
      items: () => [
        { label: 'Only when the page does not exist', description: 'default', detail: 'Redirects apply on a 404.', value: false },
        { label: 'Always, even when the page exists', description: 'force', detail: 'The existing page becomes unreachable.', value: true },
      ],
      isActive: (item, form) => item.value === form.force,
      set: (form, item) => { form.force = item.value; },
    }),
    ...(flow.edit ? [pickStep<RedirectForm, Labeled<boolean>>({
      fields: ['enabled'],
      placeholder: 'Enabled?',
      items: () => [
        { label: 'Enabled', value: true },
        { label: 'Disabled', detail: 'Kept, but not applied.', value: false },
      ],
      isActive: (item, form) => item.value === form.enabled,
      set: (form, item) => { form.enabled = item.value; },
    })] : []),
    inputStep<RedirectForm>({
      fields: ['description'],
      prompt: 'Description (optional): a note for the maintainers.',
      get: (form) => form.description,
      set: (form, text) => { form.description = text.trim(); },
      validate: (text) => tooLong(text.trim(), MAX_REDIRECT_DESCRIPTION_LENGTH, 'the description'),
    }),
  ];
}

/** The type pick, with one-line explanations; a type the project already has one of is explained and asked again. */
function typeStep(flow: RedirectFlow): Step<RedirectForm> {
  return {
    fields: ['type'],
    async show(form, { ui, options, serverMessage }) {
      const items: TypeItem[] = flow.types.map((t) => ({ label: t.name, description: t.code, detail: t.detail, code: t.code }));
      let note = serverMessage === undefined ? undefined : `Read the Docs: ${serverMessage}`;
      for (;;) {
        const answer = await ui.current.stepPick(items, {
          ...options,
          placeholder: [note, 'Which kind of redirect?'].filter(Boolean).join(' '),
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

interface RedirectItem extends vscode.QuickPickItem { readonly redirect: Redirect }

/** A redirect node, or the palette: project, then one of its redirects. */
async function resolveRedirect(
  services: ManageServices,
  node: DocsNode | undefined,
  projectPlaceholder: string,
  redirectPlaceholder: string,
): Promise<{ target: ProjectTarget; redirect: Redirect } | undefined> {
  const redirectNode = node?.kind === 'redirect' ? node : undefined;
  const target = await resolveProject(services, redirectNode ?? node, projectPlaceholder);
  if (!target) return undefined;
  if (redirectNode) return { target, redirect: redirectNode.redirect };
  const redirects = await withProgress(`Reading the redirects of ${target.projectSlug}…`, () => target.client.allItems(target.client.redirects.list(target.projectSlug, { priority: 'user' })));
  if (redirects.length === 0) {
    void services.ui.current.info(`${target.projectSlug} has no redirects.`);
    return undefined;
  }
  const items: RedirectItem[] = redirects.map((redirect) => ({
    label: redirectSummary(redirect, typeName(REDIRECT_TYPE_CHOICES, redirect.type)),
    description: [redirect.type, String(redirect.httpStatus), redirect.enabled ? undefined : 'disabled', redirect.force ? 'force' : undefined].filter(Boolean).join(' · '),
    detail: redirect.description || undefined,
    redirect,
  }));
  const picked = await services.ui.current.quickPick(items, { placeHolder: redirectPlaceholder, matchOnDescription: true, matchOnDetail: true });
  return picked && { target, redirect: picked.redirect };
}
