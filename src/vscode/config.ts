import * as vscode from 'vscode';
import { type Settings } from '../core/config';

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
    workspaceProjects: c.get<string[]>('projects', []),
  };
}

export function onDidChangeSettings(listener: (settings: Settings) => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('readthedocs')) listener(readSettings());
  });
}

/** VS Code's own proxy setting, handed to the client. */
export function httpProxy(): string | undefined {
  return vscode.workspace.getConfiguration('http').get<string>('proxy') || undefined;
}
