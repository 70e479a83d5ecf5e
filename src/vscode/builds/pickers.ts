import * as vscode from 'vscode';
import { type ReadTheDocsClient } from '../../core/api/client';
import { type OutcomeFacts, buildSummary, formatDateTime, formatRelativeTime } from '../../core/builds/facts';
import { type Build } from '../../core/models/build';
import { type Project } from '../../core/models/project';
import { type Version } from '../../core/models/version';
import { type Services } from '../services';
import { type UiHost } from '../ui/ui';

/**
 * The palette path of build and version commands: edition (only when several are signed in) and
 * project (src/vscode/tree/pickers.ts), then version(s) or build. Every prompt goes through
 * `services.ui.current`.
 */

/** Shows the pick while the items load; a loading failure closes the (then empty) pick and is thrown. */
async function pickWithItems<T extends vscode.QuickPickItem>(ui: UiHost, items: Promise<T[]>, options: vscode.QuickPickOptions): Promise<T | undefined> {
  const picked = await ui.current.quickPick(items.catch(() => [] as T[]), options);
  await items;
  return picked;
}

export interface VersionItem extends vscode.QuickPickItem { readonly version: Version }

export function versionItem(version: Version, project?: Pick<Project, 'defaultVersion'>): VersionItem {
  const flags = [
    version.slug === project?.defaultVersion ? 'default' : undefined,
    version.active ? undefined : 'inactive',
    version.hidden ? 'hidden' : undefined,
    version.built ? undefined : vscode.l10n.t('not built'),
  ].filter(Boolean);
  return {
    label: version.verboseName,
    description: [version.slug !== version.verboseName ? version.slug : undefined, version.type, ...flags].filter(Boolean).join(' · '),
    version,
  };
}

/** Versions of a project (server-side `active` filter when given), every page. */
function loadVersions(client: ReadTheDocsClient, projectSlug: string, active?: boolean): Promise<Version[]> {
  return client.allItems(client.versions.list(projectSlug, active === undefined ? {} : { active }, { priority: 'user' }), { priority: 'user' });
}

/** One active version of the project, its default version first; `placeHolder` the question (default: which to build). */
export async function pickActiveVersion(ui: UiHost, client: ReadTheDocsClient, project: Pick<Project, 'slug' | 'defaultVersion'>, placeHolder?: string): Promise<Version | undefined> {
  const items = loadVersions(client, project.slug, true).then((versions) => {
    const ordered = [
      ...versions.filter((v) => v.slug === project.defaultVersion),
      ...versions.filter((v) => v.slug !== project.defaultVersion),
    ];
    return ordered.map((v) => versionItem(v, project));
  });
  const picked = await pickWithItems(ui, items, { placeHolder: placeHolder ?? vscode.l10n.t('Build which version of {0}?', project.slug), matchOnDescription: true });
  return picked?.version;
}

/** Several versions at once (multi-select); `applies` keeps only those the action changes. */
export async function pickVersions(
  services: Services,
  client: ReadTheDocsClient,
  project: Pick<Project, 'slug' | 'defaultVersion'>,
  options: { placeHolder: string; active?: boolean; applies: (version: Version) => boolean; emptyText: string },
): Promise<Version[] | undefined> {
  const versions = (await loadVersions(client, project.slug, options.active)).filter(options.applies);
  if (versions.length === 0) {
    void services.ui.current.info(options.emptyText);
    return undefined;
  }
  const picked = await services.ui.current.quickPickMany(versions.map((v) => versionItem(v, project)), { placeHolder: options.placeHolder, matchOnDescription: true });
  return picked && picked.length > 0 ? picked.map((item) => item.version) : undefined;
}

interface BuildItem extends vscode.QuickPickItem { readonly build: Build }

/** One of the project's recent builds (the first page, newest first). */
export async function pickBuild(ui: UiHost, client: ReadTheDocsClient, projectSlug: string, known: (build: Build) => OutcomeFacts): Promise<Build | undefined> {
  const items = client.builds.list(projectSlug, {}, { priority: 'user' }).then((page) => page.items.map((build): BuildItem => ({
    label: `#${build.id}${build.version ? ` ${build.version}` : ''}`,
    description: buildSummary(build, known(build)),
    detail: [startedWords(build.created), build.commit?.slice(0, 12)].filter(Boolean).join(' · '),
    build,
  })));
  const picked = await pickWithItems(ui, items, { placeHolder: vscode.l10n.t('Show which build of {0}?', projectSlug), matchOnDescription: true });
  return picked?.build;
}

/** `Nov 24, 2026, 2:31 AM (3 minutes ago)` in VS Code's display language. */
function startedWords(created: string | undefined): string | undefined {
  const words = { locale: vscode.env.language };
  const at = formatDateTime(created, words);
  return at && `${at} (${formatRelativeTime(created, Date.now(), words)})`;
}
