import * as vscode from 'vscode';
import { type Settings, type SettingsSource } from '../../core/config';
import { Disposable } from '../lifecycle';

/**
 * Keeps the provider registered for the languages of `readthedocs.hover.languages` while
 * `readthedocs.hover.enabled` is on, re-registering when either changes.
 */
export class EmbedHoverRegistration extends Disposable {
  private registration: vscode.Disposable | undefined;
  private registeredFor: string | undefined;

  constructor(private readonly provider: vscode.HoverProvider, settings: SettingsSource) {
    super();
    this.update(settings.current);
    this.register(settings.onDidChange((next) => this.update(next)));
    this.register({ dispose: () => this.unregister() });
  }

  private update(settings: Settings): void {
    const languages = settings.hoverEnabled ? [...new Set(settings.hoverLanguages.filter((l) => typeof l === 'string' && l.trim() !== ''))] : [];
    const key = languages.join('\n');
    if (key === (this.registeredFor ?? '')) return;
    this.unregister();
    if (languages.length === 0) return;
    this.registration = vscode.languages.registerHoverProvider(languages.map((language) => ({ language })), this.provider);
    this.registeredFor = key;
  }

  private unregister(): void {
    this.registration?.dispose();
    this.registration = undefined;
    this.registeredFor = undefined;
  }
}
