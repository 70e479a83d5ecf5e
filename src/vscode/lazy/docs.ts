import * as vscode from 'vscode';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { acceptsUri, registerCommand } from '../commands/register';
import { EmbedHoverRegistration } from '../hover/hoverRegistration';
import { Disposable } from '../lifecycle';
import { PREVIEW_VIEW_TYPE } from '../preview/viewType';
import { type Services } from '../services';
import { loadOnce } from './load';

/**
 * Docs links (dist/features/docs.js, with the embed pipeline and the HTML cleaner), loaded on
 * first use: the hover provider (for the languages of `readthedocs.hover.languages`), the preview
 * panel's serializer (a panel left open is revived after a reload) and the preview commands are
 * registered here and load it when VS Code first calls them.
 */
export class LazyDocs extends Disposable {
  readonly feature = loadOnce(async () => {
    const { EmbedFeatures } = await import('../docs/index.js');
    return this.register(new EmbedFeatures(this.services));
  });
  /** The hover provider VS Code calls, for the languages of the settings (loads the feature). */
  readonly hoverProvider: vscode.HoverProvider = {
    provideHover: async (document, position, token) => (await this.feature()).hoverProvider.provideHover(document, position, token),
  };

  constructor(private readonly services: Services) {
    super();
    const { reporter } = services;
    this.register(new EmbedHoverRegistration(this.hoverProvider, services.settings));
    this.register(vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state) => (await this.feature()).serializer.deserializeWebviewPanel(panel, state),
    }));
    this.register(registerCommand(CommandIds.previewDocs, accepts.either(accepts.node, accepts.text, acceptsUri), async (arg) => (await this.feature()).previewDocs(arg), reporter));
    this.register(registerCommand(CommandIds.previewBack, async () => (await this.feature()).preview.back(), reporter));
    this.register(registerCommand(CommandIds.previewForward, async () => (await this.feature()).preview.forward(), reporter));
    this.register(registerCommand(CommandIds.previewOpenInBrowser, async () => (await this.feature()).preview.openInBrowser(), reporter));
  }
}
