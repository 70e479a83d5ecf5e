import * as vscode from 'vscode';
import { type NetworkSettings } from '../core/api/network';
import { notifyModeOf } from '../core/builds/notify';
import { type Settings, type SettingsSource } from '../core/config';
import { Emitter } from '../core/util/events';
import { POLL_SECONDS, pollSecondsOf } from '../core/util/pollSchedule';
import { BUILD_TIMES_COUNT, buildTimesCountOf } from '../core/buildTimes/count';

export function readSettings(): Settings {
  const c = vscode.workspace.getConfiguration('readthedocs');
  return {
    communityUrl: c.get<string>('communityUrl', 'https://app.readthedocs.org'),
    businessUrl: c.get<string>('businessUrl', ''),
    pageSize: c.get<number>('pageSize', 100),
    requestsPerMinute: c.get<number>('requestsPerMinute', 60),
    buildPollSeconds: pollSecondsOf(c.get<unknown>('builds.pollSeconds', POLL_SECONDS.default)),
    hoverEnabled: c.get<boolean>('hover.enabled', true),
    hoverLanguages: c.get<string[]>('hover.languages', []),
    hoverCacheMinutes: c.get<number>('hover.cacheMinutes', 5),
    markdownLanguages: c.get<string[]>('markdown.languages', ['python-markdown']),
    workspaceProjects: c.get<string[]>('projects', []),
    buildNotify: notifyModeOf(c.get<string>('builds.notify', 'mine')),
    problemsOnlyNew: c.get<boolean>('problems.onlyNew', false) === true,
    buildTimesCount: buildTimesCountOf(c.get<unknown>('buildTimes.count', BUILD_TIMES_COUNT.default)),
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

/** Cross-reference settings of one folder (resource scope). */
export interface FolderSettings {
  /** `readthedocs.intersphinx`: name → documentation root URL. */
  readonly intersphinx: { readonly [name: string]: unknown };
  readonly crossReferenceDiagnostics: boolean;
  /** `readthedocs.crossReferences.completion` as set (`crossReferenceCompletionOf` reads it): which targets completion offers beside Esbonio. */
  readonly crossReferenceCompletion: string;
}

export function readFolderSettings(folder: vscode.Uri | undefined): FolderSettings {
  const c = vscode.workspace.getConfiguration('readthedocs', folder);
  return {
    intersphinx: c.get<{ [name: string]: unknown }>('intersphinx', {}),
    crossReferenceDiagnostics: c.get<boolean>('crossReferences.diagnostics', true),
    crossReferenceCompletion: c.get<string>('crossReferences.completion', 'auto'),
  };
}

/** `readthedocs.redirects.*` of a folder (resource scope): the redirects file and the project it belongs to. */
export function readRedirectsSettings(scope?: vscode.Uri): { file: string; project: string } {
  const c = vscode.workspace.getConfiguration('readthedocs', scope);
  return { file: c.get<string>('redirects.file', '').trim(), project: c.get<string>('redirects.project', '').trim() };
}
