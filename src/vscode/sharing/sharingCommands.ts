import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import { createSharingMethod, deleteSharingMethod, listSharingMethods } from '../../core/api/endpoints/sharing';
import { type SharingAccessType, type SharingMethod } from '../../core/models/sharingMethod';
import { expiryDate } from '../../core/sharing/renewal';
import { accessTypeLabel, versionsWords } from '../../core/tree/sharingWords';
import { type DocsNode } from '../../core/tree/nodes';
import { validateExpiry, validateSharingDescription, validateSharingPassword } from '../../core/validation/sharing';
import { type ManageServices } from '../services';
import { type ItemQuestion, resolveItem, resolveProject } from '../tree/pickers';
import { type Labeled, inputStep, pickStep, runMultiStep } from '../ui/multiStep';
import { type VersionForm, privateVersionSteps } from './privateVersions';
import { withProgress } from '../ui/progress';

interface LinkForm extends VersionForm {
  accessType: SharingAccessType;
  expires: string;
  description: string;
  password: string;
}

const BUSINESS_ONLY = () => l10n.t('Sharing methods are a Read the Docs for Business feature.');

/**
 * `readthedocs.createSharingLink`: a secret link, a password or a header token for a colleague, for
 * all versions or the picked private ones, until a date. What the colleague needs (the link, or the
 * token) goes to the clipboard; the password is never shown again nor logged.
 */
export async function createSharingLink(services: ManageServices, node?: DocsNode): Promise<SharingMethod | undefined> {
  const target = await resolveProject(services, node, l10n.t('Share the private docs of which project?'));
  if (!target) return undefined;
  if (target.edition !== 'business') {
    void services.ui.current.info(BUSINESS_ONLY());
    return undefined;
  }
  const { client, projectSlug: slug } = target;
  const form: LinkForm = { accessType: 'token', allowAll: true, versions: [], expires: expiryDate(Date.now()), description: '', password: '' };
  const created = await runMultiStep(services.ui, {
    title: l10n.t('New Sharing Link for {0}', slug),
    steps: [
      pickStep<LinkForm, Labeled<SharingAccessType>>({
        fields: ['access_type'],
        placeholder: l10n.t('How will your colleague open the private docs?'),
        items: () => [
          { label: accessTypeLabel('token'), detail: l10n.t('A link that opens the docs in a browser until the browser is closed.'), value: 'token' },
          { label: accessTypeLabel('password'), detail: l10n.t('The docs ask for a password you choose now.'), value: 'password' },
          { label: accessTypeLabel('http_header_token'), detail: l10n.t('For programs (intersphinx, scripts): sent as an Authorization header.'), value: 'http_header_token' },
        ],
        isActive: (item, f) => item.value === f.accessType,
        set: (f, item) => { f.accessType = item.value; },
      }),
      ...privateVersionSteps<LinkForm>(client, slug, { which: l10n.t('Which versions?'), pick: l10n.t('Private versions to share') }),
      inputStep<LinkForm>({
        fields: ['expires'],
        prompt: l10n.t('Expires on (YYYY-MM-DD)'),
        get: (f) => f.expires,
        set: (f, text) => { f.expires = text.trim(); },
        validate: (text) => validateExpiry(text, Date.now()),
      }),
      inputStep<LinkForm>({
        fields: ['description'],
        prompt: l10n.t('Description, to recognise it in the dashboard (who it is for)'),
        get: (f) => f.description,
        set: (f, text) => { f.description = text.trim(); },
        validate: (text) => validateSharingDescription(text),
      }),
      inputStep<LinkForm>({
        fields: ['password'],
        when: (f) => f.accessType === 'password',
        prompt: l10n.t('Password (hidden as you type; never shown again)'),
        password: true,
        get: (f) => f.password,
        set: (f, text) => { f.password = text; },
        validate: (text) => validateSharingPassword(text),
      }),
    ],
    state: form,
    submit: (f) => withProgress(l10n.t('Creating a sharing method for {0}…', slug), () => createSharingMethod(client, slug, {
      accessType: f.accessType,
      allowAll: f.allowAll,
      versions: f.versions,
      expires: f.expires,
      description: f.description,
      ...(f.accessType === 'password' ? { password: f.password } : {}),
    }, { priority: 'user' })),
  });
  form.password = '';
  if (!created) return undefined;
  const copied = created.accessType === 'http_header_token' ? created.token : created.url;
  if (copied) await vscode.env.clipboard.writeText(copied);
  const what = created.accessType === 'http_header_token' ? l10n.t('the token') : l10n.t('the link');
  void services.ui.current.info(copied
    ? l10n.t('Created a {0} for {1} ({2}, until {3}); {4} is on the clipboard.', accessTypeLabel(created.accessType).toLowerCase(), slug, versionsWords(created), created.expires ?? '?', what)
    : l10n.t('Created a {0} for {1}; Read the Docs sent nothing to copy.', accessTypeLabel(created.accessType).toLowerCase(), slug));
  return created;
}

/** `readthedocs.deleteSharingMethod`, after a modal confirmation naming it. `deleted` tells the private docs when it was one of theirs. */
export async function deleteSharingMethodCommand(services: ManageServices, node: DocsNode | undefined, deleted: (slug: string, id: number) => Promise<void>): Promise<boolean> {
  const picked = await resolveItem(services, node, 'sharing', methodQuestion());
  if (!picked) return false;
  const { target, item: method } = picked;
  if (target.edition !== 'business') {
    void services.ui.current.info(BUSINESS_ONLY());
    return false;
  }
  const name = method.description ? `${accessTypeLabel(method.accessType)} “${method.description}”` : accessTypeLabel(method.accessType);
  const confirmed = await services.ui.current.confirm(
    l10n.t('Delete the {0} of {1}?', name, target.projectSlug),
    l10n.t('Whoever uses it ({0}) loses access to the private docs at once. This cannot be undone.', versionsWords(method)),
    l10n.t('Delete'),
  );
  if (!confirmed) return false;
  await withProgress(l10n.t('Deleting the {0} of {1}…', name, target.projectSlug), () => deleteSharingMethod(target.client, target.projectSlug, method.id, { priority: 'user' }));
  await deleted(target.projectSlug, method.id);
  void services.ui.current.info(l10n.t('Deleted the {0} of {1}.', name, target.projectSlug));
  return true;
}

function methodQuestion(): ItemQuestion<SharingMethod> {
  return {
    project: l10n.t('Delete a sharing method of which project?'),
    item: l10n.t('Delete which sharing method?'),
    reading: (slug) => l10n.t('Reading the sharing methods of {0}…', slug),
    none: (slug) => l10n.t('{0} has no sharing methods.', slug),
    list: (client, slug, call) => listSharingMethods(client, slug, call),
    choice: (method) => ({
      label: accessTypeLabel(method.accessType),
      description: [method.description, versionsWords(method), method.expires ? l10n.t('expires {0}', method.expires) : undefined].filter(Boolean).join(' · '),
    }),
  };
}
