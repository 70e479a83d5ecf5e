import * as vscode from 'vscode';
import { notifyModeOf } from '../core/builds/notify';
import { type Settings, type SettingsSource } from '../core/config';
import { Emitter } from '../core/util/events';

export function readSettings(): Settings {
  const c = vscode.workspace.getConfiguration('readthedocs');
  return {
    communityUrl: c.get<string>('communityUrl', 'https://app.readthedocs.org'),
    businessUrl: c.get<string>('businessUrl', ''),
    pageSize: c.get<number>('pageSize', 100),
    requestsPerMinute: c.get<number>('requestsPerMinute', 60),
    buildPollSeconds: c.get<number>('builds.pollSeconds', 5),
    hoverEnabled: c.get<boolean>('hover.enabled', true),
    hoverLanguages: c.get<string[]>('hover.languages', []),
    hoverCacheMinutes: c.get<number>('hover.cacheMinutes', 5),
    buildNotify: notifyModeOf(c.get<string>('builds.notify', 'mine')),
  };
}

/** The `readthedocs.*` settings, read once and again on every change; the one source every object reads. */
export class WorkspaceSettings implements SettingsSource {
  private settings = readSettings();
  private readonly changed = new Emitter<Settings>();
  readonly onDidChange = this.changed.event;
  private readonly listener = vscode.workspace.onDidChangeConfiguration((e) => {
    if (!e.affectsConfiguration('readthedocs')) return;
    this.settings = readSettings();
    this.changed.fire(this.settings);
  });

  get current(): Settings {
    return this.settings;
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}

/** VS Code's own proxy setting, handed to the client. */
export function httpProxy(): string | undefined {
  return vscode.workspace.getConfiguration('http').get<string>('proxy') || undefined;
}
