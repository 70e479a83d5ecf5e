import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { DocHostMatcher } from '../../core/embed/docHosts';
import { EditionUnavailableError } from '../../core/api/errors';
import { EmbedService } from '../../core/embed/embedService';
import { ProjectDocsIndex } from '../../core/embed/projectDocs';
import { SectionHover } from '../../core/embed/sectionHover';
import { privateAwareSections } from '../../core/sharing/privateSections';
import { isJsonObject } from '../../core/util/json';
import { type DocsNode, freshestRow } from '../../core/tree/nodes';
import { withSuperproject } from '../../core/tree/superproject';
import { parseHttpUrl, validateHttpUrl } from '../../core/validation/urls';
import { acceptsUri, registerCommand } from '../commands/register';
import { EmbedHoverProvider } from '../hover/embedHover';
import { EmbedHoverRegistration } from '../hover/hoverRegistration';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { PreviewPanel, type PreviewPanelDeps, type PreviewRender } from './previewPanel';
import { previewSerializer } from './previewSerializer';
import { PREVIEW_SIDE_BY_SIDE, PREVIEW_VIEW_TYPE } from './viewType';

/**
 * Hover previews of docs links and the preview panel, sharing one matcher (which edition hosts a
 * URL), one index of the user's documentation domains and one section cache; `sections` shows a
 * section in a hover, for the docs-link hover and the cross-reference hover alike. The hover is
 * registered for the languages of `readthedocs.hover.languages`; the serializer revives a panel
 * left open before a reload.
 */
export class EmbedFeatures extends Disposable {
  readonly matcher = new DocHostMatcher();
  readonly service: EmbedService;
  readonly projectDocs: ProjectDocsIndex;
  readonly sections: SectionHover;
  readonly hoverProvider: EmbedHoverProvider;
  readonly preview: PreviewPanel;
  private readonly panelDeps: PreviewPanelDeps;

  constructor(private readonly services: Services) {
    super();
    const { editions, logger } = services;
    this.service = new EmbedService({
      matcher: this.matcher,
      cacheMinutes: () => services.settings.current.hoverCacheMinutes,
      // A page inside a private-docs grant is read with its header and cut here; the rest through the embed endpoint.
      fetchSection: privateAwareSections({
        embed: (edition, pageUrl, embed, signal) => {
          const client = editions.client(edition);
          if (!client) return Promise.reject(new EditionUnavailableError(edition));
          return client.embed.section(pageUrl, embed, { signal, priority: 'user' });
        },
        grants: services.docsHost.grants,
        transportOf: services.docsHost.transportOf,
      }),
    });
    this.projectDocs = new ProjectDocsIndex({ source: editions, matcher: this.matcher, logger });
    this.register(editions.onDidChange(() => {
      // Signed in or out, or a base URL changed: other projects, maybe another server.
      this.projectDocs.reset();
      this.service.clear();
    }));
    // A private-docs token came or went: sections read with (or refused without) it are stale.
    this.register(services.grants.onDidChange(() => this.service.clear()));
    this.sections = new SectionHover({ service: this.service, hostOf: (edition) => editions.client(edition)?.host, logger });
    this.hoverProvider = new EmbedHoverProvider({ service: this.service, sections: this.sections, projectDocs: this.projectDocs, editions, logger });
    this.panelDeps = { extensionUri: services.context.extensionUri, service: this.service, editions, logger, ui: services.ui };
    this.preview = this.register(new PreviewPanel(this.panelDeps));
    this.register(new EmbedHoverRegistration(this.hoverProvider, services.settings));
    this.register(vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, previewSerializer(this.preview, editions, logger)));
    const { reporter } = services;
    this.register(registerCommand(CommandIds.previewDocs, accepts.either(accepts.node, accepts.text, acceptsUri), (arg) => this.previewDocs(arg), reporter));
    this.register(registerCommand(CommandIds.previewBack, () => this.preview.back(), reporter));
    this.register(registerCommand(CommandIds.previewForward, () => this.preview.forward(), reporter));
    this.register(registerCommand(CommandIds.previewOpenInBrowser, () => this.preview.openInBrowser(), reporter));
    this.register(vscode.commands.registerCommand(PREVIEW_SIDE_BY_SIDE, async (value: unknown) => {
      try {
        return await this.previewSideBySide(sideBySidePair(value));
      } catch (error) {
        services.reporter.report(error);
        return undefined;
      }
    }));
  }

  /** A second panel beside the preview, for comparisons (a pull request's page and its base version's). */
  private besidePanel: PreviewPanel | undefined;

  /**
   * `PREVIEW_SIDE_BY_SIDE` `{ left, right }`: `left` in the preview panel and `right` in a
   * second panel in the next column (both URLs checked like any other).
   */
  async previewSideBySide(pair: { readonly left: string; readonly right: string } | undefined): Promise<readonly (PreviewRender | undefined)[] | undefined> {
    const first = pair && await this.targetOf(pair.left);
    const second = pair && await this.targetOf(pair.right);
    if (!first || !second) return undefined;
    const shownLeft = await this.preview.open(first.url, first.edition);
    this.besidePanel ??= this.register(new PreviewPanel({ ...this.panelDeps, viewColumn: (this.preview.webviewPanel?.viewColumn ?? vscode.ViewColumn.One) + 1 }));
    return [shownLeft, await this.besidePanel.open(second.url, second.edition)];
  }

  /**
   * `readthedocs.previewDocs`: a URL (the hover's link), a version node (its docs), a project,
   * translation or subproject node (its documentation root), or from the palette a URL typed
   * into an input box (pre-filled with the docs link under the cursor).
   */
  async previewDocs(arg?: DocsNode | string | vscode.Uri): Promise<PreviewRender | undefined> {
    const target = await this.targetOf(arg);
    if (!target) return undefined;
    return this.preview.open(target.url, target.edition);
  }

  private async targetOf(arg: DocsNode | string | vscode.Uri | undefined): Promise<{ url: string; edition: Edition } | undefined> {
    if (typeof arg === 'object' && 'kind' in arg) {
      const shown = freshestRow(this.services.tree, arg);
      // A superproject row may know only the parent's slug: the superproject endpoint has its docs URL.
      const node = shown.kind === 'superproject' ? await withSuperproject(shown, this.services.editions.requireClient(shown.edition), { priority: 'user' }) : shown;
      const url = docsUrlOf(node);
      if (!url) {
        void this.services.ui.current.info(vscode.l10n.t('This item has no documentation URL to preview.'));
        return undefined;
      }
      return { url, edition: node.edition };
    }
    const text = typeof arg === 'string' ? arg : arg instanceof vscode.Uri ? arg.toString(true) : await this.askForUrl();
    if (text === undefined) return undefined;
    const parsed = parseHttpUrl(text);
    if (!parsed.ok) {
      void this.services.ui.current.error(vscode.l10n.t('Cannot preview {0}: {1}', text.slice(0, 200), parsed.reason));
      return undefined;
    }
    const url = parsed.url.href;
    return { url, edition: await this.editionFor(url) };
  }

  private askForUrl(): Thenable<string | undefined> {
    return this.services.ui.current.inputBox({
      title: vscode.l10n.t('Preview Documentation'),
      prompt: vscode.l10n.t('URL of a hosted documentation page; a #section shows just that section.'),
      placeHolder: 'https://project.readthedocs.io/en/latest/page.html#section',
      value: this.linkUnderCursor(),
      validateInput: validateHttpUrl,
    });
  }

  private linkUnderCursor(): string | undefined {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return undefined;
    const position = editor.selection.active;
    return this.service.linkAt(editor.document.lineAt(position.line).text, position.character)?.url;
  }

  /** The edition hosting `url`; for an unknown host, after learning the user's domains, the first configured one. */
  private async editionFor(url: string): Promise<Edition> {
    let host = this.service.hostOf(url);
    if (!host && this.projectDocs.pending.length > 0) {
      await this.projectDocs.ensureLoaded();
      host = this.service.hostOf(url);
    }
    return host?.edition ?? this.services.editions.configured[0] ?? 'community';
  }
}

function docsUrlOf(node: DocsNode): string | undefined {
  switch (node.kind) {
    case 'version': return node.version.urls.documentation;
    case 'project':
    case 'translation': return node.project.urls.documentation;
    case 'superproject': return node.project?.urls.documentation;
    case 'subproject': return node.subproject.child.urls.documentation;
    default: return undefined;
  }
}

function sideBySidePair(value: unknown): { left: string; right: string } | undefined {
  return isJsonObject(value) && typeof value.left === 'string' && typeof value.right === 'string' ? { left: value.left, right: value.right } : undefined;
}
