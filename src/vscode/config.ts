import * as vscode from 'vscode';
import { type NetworkSettings } from '../core/api/network';
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
  };
}

export function onDidChangeSettings(listener: (settings: Settings) => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('readthedocs')) listener(readSettings());
  });
}

/** VS Code's own network settings, read at every request (so a change applies without a reload). */
export function networkSettings(): NetworkSettings {
  const http = vscode.workspace.getConfiguration('http');
  return {
    proxy: http.get<string>('proxy') || undefined,
    noProxy: http.get<string[]>('noProxy') ?? [],
    proxyStrictSSL: http.get<boolean>('proxyStrictSSL', true),
    proxyAuthorization: http.get<string | null>('proxyAuthorization') ?? undefined,
    systemCertificates: http.get<boolean>('systemCertificates', true),
  };
}
