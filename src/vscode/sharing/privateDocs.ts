import { hostname, userInfo } from 'node:os';
import * as vscode from 'vscode';
import { type Edition, type ReadTheDocsClient } from '../../core/api/client';
import { errorDetail } from '../../core/api/describeError';
import { deleteSharingMethod, listSharingMethods } from '../../core/api/endpoints/sharing';
import { ForbiddenError, PrivateDocsRefusedError } from '../../core/api/errors';
import { type ProjectSlugRef } from '../../core/commandArgs';
import { componentLogger, type Logger } from '../../core/log';
import { type SharingMethod } from '../../core/models/sharingMethod';
import { type DocsScope, docsScopeOf } from '../../core/api/docsScope';
import { type DocsGrant, PrivateDocsGrants } from '../../core/sharing/privateDocs';
import { privateDocsSection } from '../../core/sharing/privateDocsRows';
import { createHeaderMethod, grantOfMethod, renewGrant } from '../../core/sharing/headerGrants';
import { type VersionChoice, privateDocsDescription, reusableMethod } from '../../core/sharing/renewal';
import { type WorkspaceSection } from '../../core/workspace/section';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { type PaletteServices, paletteProject } from '../tree/pickers';
import { withProgress } from '../ui/progress';
import { type DocsTokenStore } from './docsTokenStore';
import { pickPrivateVersions } from './privateVersions';

type Deps = Pick<Services, 'editions' | 'ui' | 'reporter' | 'logger'>;

/**
 * "Private Docs in the Editor" on Read the Docs for Business: an admin gets a header-token sharing
 * method made for this editor (one write), a non-admin pastes a token an admin gave; the token is
 * kept in SecretStorage and goes only where `mayCarrySharingToken` allows. A use near its expiry
 * renews it (a new method, then the old one deleted); a refusal asks once to enable again;
 * sign-out deletes the methods made here and forgets pasted tokens.
 */
export class PrivateDocs extends Disposable {
  readonly grants: PrivateDocsGrants;
  readonly section: WorkspaceSection;
  private readonly logger: Logger;

  constructor(private readonly deps: Deps, private readonly store: DocsTokenStore) {
    super();
    const { editions } = deps;
    this.logger = componentLogger(deps.logger, 'sharing');
    this.grants = new PrivateDocsGrants((edition) => editions.origin(edition), () => this.loadStored());
    this.register(this.grants);
    this.section = { ...privateDocsSection(this.grants), follow: () => void this.grants.ready() };
    this.register(this.grants.onRenewalDue((grant) => void this.renew(grant)));
    this.register(this.grants.onRefused((grant) => void this.askToEnableAgain(grant)));
    let business = { signedIn: false, origin: editions.origin('business') };
    this.register(editions.onDidChange(() => {
      // Signed in or out, or another server: what is held is read again for the new state (nothing goes anywhere meanwhile).
      const now = { signedIn: editions.signedIn.includes('business'), origin: editions.origin('business') };
      if (now.signedIn !== business.signedIn || now.origin !== business.origin) this.grants.unload('business');
      business = now;
    }));
  }

  private async loadStored(): Promise<readonly DocsGrant[]> {
    await this.deps.editions.ensureTokens();
    const origin = this.deps.editions.origin('business');
    return origin && this.deps.editions.signedIn.includes('business') ? this.store.load('business', origin) : [];
  }

  /** `readthedocs.enablePrivateDocs`: the project of the row (This Workspace), or asked for among the Business projects (`palette`: this workspace's first). */
  async enable(ref?: ProjectSlugRef, palette?: PaletteServices): Promise<DocsGrant | undefined> {
    const { editions, ui } = this.deps;
    await editions.ensureTokens();
    if (!editions.signedIn.includes('business')) {
      void ui.current.info(vscode.l10n.t('Private docs in the editor are a Read the Docs for Business feature: sign in to Read the Docs for Business first.'));
      return undefined;
    }
    if (ref && ref.edition !== 'business') {
      void ui.current.info(vscode.l10n.t('{0} is on Read the Docs Community, whose docs are public: nothing to enable.', ref.projectSlug));
      return undefined;
    }
    const client = editions.requireClient('business');
    const slug = ref?.projectSlug ?? (palette && (await paletteProject(palette, { placeHolder: vscode.l10n.t('Read the private docs of which project in the editor?'), edition: 'business' }))?.project.slug);
    if (!slug) return undefined;
    await this.grants.ready();
    const project = await withProgress(vscode.l10n.t('Reading {0}…', slug), () => client.projects.get(slug, {}, { priority: 'user' }));
    const scope = docsScopeOf(project.urls.documentation, client.transport.origin, slug);
    if (!scope) {
      void ui.current.error(vscode.l10n.t('{0} has no documentation address a token may be sent to (it must be https, or this machine).', slug));
      return undefined;
    }
    let methods: SharingMethod[] | undefined;
    try {
      methods = await withProgress(vscode.l10n.t('Reading the sharing methods of {0}…', slug), () => client.allItems(listSharingMethods(client, slug, { priority: 'user' })));
    } catch (error) {
      if (!(error instanceof ForbiddenError)) throw error;
    }
    const grant = methods ? await this.createFor(client, slug, scope, methods) : await this.paste(client, slug, scope);
    if (!grant) return undefined;
    void ui.current.info(grant.expires
      ? vscode.l10n.t('The private docs of {0} are readable in the editor: hovers, completion and previews. The token is renewed while you use it (now until {1}).', slug, grant.expires)
      : vscode.l10n.t('The private docs of {0} are readable in the editor with the token you pasted.', slug));
    return grant;
  }

  /** Admins: one POST of an `http_header_token` method for all versions or the picked private ones. */
  private async createFor(client: ReadTheDocsClient, slug: string, scope: DocsScope, methods: readonly SharingMethod[]): Promise<DocsGrant | undefined> {
    const held = this.grants.get('business', slug);
    const reusable = reusableMethod(methods, new Set(held?.methodId === undefined ? [] : [held.methodId]), Date.now());
    if (held && reusable) return held;
    const choice = await pickPrivateVersions(this.deps.ui, client, slug, vscode.l10n.t('Private Docs of {0}', slug), {
      which: vscode.l10n.t('Which private versions of {0} should the editor read?', slug),
      pick: vscode.l10n.t('Private versions of {0} to read in the editor', slug),
    });
    if (!choice) return undefined;
    const method = await withProgress(vscode.l10n.t('Creating a header token for {0}…', slug), () => this.create(client, slug, choice));
    const grant = this.grantOf(slug, scope, method, choice);
    if (!grant) return undefined;
    await this.put(grant);
    if (held?.methodId !== undefined) await this.deleteOld(client, slug, held.methodId);
    return grant;
  }

  private create(client: ReadTheDocsClient, slug: string, choice: VersionChoice): Promise<SharingMethod> {
    return createHeaderMethod(client, slug, choice, privateDocsDescription(whoAndWhere()), Date.now(), { priority: 'user' });
  }

  private grantOf(slug: string, scope: DocsScope, method: SharingMethod, choice: VersionChoice): DocsGrant | undefined {
    const grant = grantOfMethod(slug, scope, method, choice);
    if (!grant) {
      void this.deps.ui.current.error(vscode.l10n.t('Read the Docs created the sharing method but sent no token for it. Delete it in the Sharing folder of {0}.', slug));
      return undefined;
    }
    this.store.remember(grant.token);
    return grant;
  }

  /** Not an admin of the project: a token an admin made (a header token), pasted once, checked with one GET of the docs. */
  private async paste(client: ReadTheDocsClient, slug: string, scope: DocsScope): Promise<DocsGrant | undefined> {
    const { ui } = this.deps;
    const text = (await ui.current.inputBox({
      title: vscode.l10n.t('Private Docs of {0}', slug),
      prompt: vscode.l10n.t('Only admins of {0} can create sharing tokens. Paste a header token an admin created for you (Sharing › HTTP header token).', slug),
      password: true,
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Paste the token.') : /\s/.test(value.trim()) ? vscode.l10n.t('A token has no spaces.') : undefined),
    }))?.trim();
    if (!text) return undefined;
    this.store.remember(text);
    const grant: DocsGrant = { edition: 'business', projectSlug: slug, scope, token: text };
    try {
      await withProgress(vscode.l10n.t('Checking the token with {0}…', new URL(scope.origin).host), () => client.transport.getFile({
        url: new URL(scope.pathPrefix, scope.origin), sharing: grant, bodyKind: 'docsPage', accept: [200, 301, 302, 404],
      }));
    } catch (error) {
      this.deps.reporter.report(error, { action: vscode.l10n.t('checking the token of {0}', slug) });
      return undefined;
    }
    await this.put(grant);
    return grant;
  }

  private async put(grant: DocsGrant): Promise<void> {
    this.grants.set(grant);
    await this.persist(grant.edition);
  }

  private async persist(edition: Edition): Promise<void> {
    const origin = this.deps.editions.origin(edition);
    if (origin) await this.store.save(origin, this.grants.all().filter((g) => g.edition === edition));
  }

  /** A use found the method near its expiry: a new one for the same versions, switched to, then the old one deleted. Never retried. */
  private async renew(grant: DocsGrant): Promise<void> {
    const client = this.deps.editions.signedIn.includes(grant.edition) ? this.deps.editions.client(grant.edition) : undefined;
    if (!client) {
      this.grants.renewalFailed(grant);
      return;
    }
    try {
      const renewal = await renewGrant(client, grant, privateDocsDescription(whoAndWhere()), Date.now(), async (next) => {
        this.store.remember(next.token);
        await this.put(next);
      });
      this.logger.info(`renewed the header token of ${grant.projectSlug} (method ${renewal.grant.methodId ?? '?'}, until ${renewal.grant.expires ?? '?'})`);
      if (renewal.oldLeft) this.logger.warn(`the old sharing method ${grant.methodId ?? '?'} of ${grant.projectSlug} was not deleted: ${errorDetail(renewal.oldLeft)}`);
    } catch (error) {
      this.logger.warn(`the header token of ${grant.projectSlug} was not renewed: ${errorDetail(error)}`);
      this.grants.renewalFailed(grant);
    }
  }

  private async deleteOld(client: ReadTheDocsClient, slug: string, id: number): Promise<void> {
    try {
      await deleteSharingMethod(client, slug, id, { priority: 'user' });
    } catch (error) {
      this.logger.warn(`the old sharing method ${id} of ${slug} was not deleted: ${errorDetail(error)}`);
    }
  }

  /** Once per grant: the docs host refused its token. */
  private async askToEnableAgain(grant: DocsGrant): Promise<void> {
    const again = vscode.l10n.t('Enable Again');
    const text = this.deps.reporter.describe(new PrivateDocsRefusedError(grant.projectSlug, 403), { host: new URL(grant.scope.origin).host });
    if (await this.deps.ui.current.warn(text, again) === again) {
      await this.enable({ edition: grant.edition, projectSlug: grant.projectSlug }).catch((error: unknown) => this.deps.reporter.report(error));
    }
  }

  /**
   * Before signing out of `edition`: deletes the sharing methods made here (the API token still
   * works), forgets pasted tokens, and clears the stored entry.
   */
  async forgetEdition(edition: Edition): Promise<void> {
    await this.grants.ready();
    const client = this.deps.editions.client(edition);
    const gone: string[] = [];
    for (const grant of this.grants.all().filter((g) => g.edition === edition)) {
      if (grant.methodId === undefined || !client) continue;
      try {
        await deleteSharingMethod(client, grant.projectSlug, grant.methodId, { priority: 'user' });
      } catch (error) {
        this.logger.warn(`sign-out: sharing method ${grant.methodId} of ${grant.projectSlug} not deleted: ${errorDetail(error)}`);
        gone.push(grant.projectSlug);
      }
    }
    const origin = this.deps.editions.origin(edition);
    if (origin) await this.store.save(origin, []);
    this.grants.unload(edition);
    if (gone.length) {
      void this.deps.ui.current.warn(vscode.l10n.t('The header tokens made for this editor in {0} could not be deleted; delete them in their Sharing folders or the dashboard.', gone.join(', ')));
    }
  }

  /** A sharing method was deleted from the Sharing folder: when it was this editor's, its token is forgotten too. */
  async methodDeleted(slug: string, id: number): Promise<void> {
    const held = this.grants.get('business', slug);
    if (held?.methodId !== id) return;
    this.grants.delete('business', slug);
    await this.persist('business');
  }

  /** `readthedocs.disablePrivateDocs`: deletes the method made here (or forgets a pasted token) for one project. */
  async disable(ref?: ProjectSlugRef): Promise<boolean> {
    await this.grants.ready();
    const held = this.grants.all().filter((g) => !ref || (g.edition === ref.edition && g.projectSlug === ref.projectSlug));
    const grant = held.length === 1 ? held[0] : (await this.deps.ui.current.quickPick(held.map((g) => ({ label: g.projectSlug, grant: g })), {
      placeHolder: vscode.l10n.t('Stop reading the private docs of which project?'),
    }))?.grant;
    if (!grant) {
      if (held.length === 0) void this.deps.ui.current.info(vscode.l10n.t('No private docs are enabled in the editor.'));
      return false;
    }
    const client = this.deps.editions.client(grant.edition);
    if (grant.methodId !== undefined && client) {
      await withProgress(vscode.l10n.t('Deleting the header token of {0}…', grant.projectSlug), () => deleteSharingMethod(client, grant.projectSlug, grant.methodId!, { priority: 'user' }));
    }
    this.grants.delete(grant.edition, grant.projectSlug);
    await this.persist(grant.edition);
    void this.deps.ui.current.info(vscode.l10n.t('The editor no longer reads the private docs of {0}.', grant.projectSlug));
    return true;
  }

}

/** "user@host", so a person recognises the method in the dashboard. */
function whoAndWhere(): string {
  let user = '';
  try {
    user = userInfo().username;
  } catch {
    // no user name in this environment
  }
  return user ? `${user}@${hostname()}` : hostname();
}
