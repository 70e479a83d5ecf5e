import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { type DocsSearch } from '../../core/search/docsSearch';
import { type SearchScope, workspaceSearchProjects } from '../../core/search/query';
import { type SearchHit } from '../../core/search/results';
import { type Editions } from '../../core/editions/editions';
import { type BoundProjects } from '../../core/workspace/boundProject';
import { type PublishedVersions } from '../../core/workspace/publishedVersion';
import { isBack } from '../ui/quickInput';
import { type UiHost } from '../ui/ui';

interface HitItem extends vscode.QuickPickItem {
  readonly hit?: SearchHit;
  /** The row that switches between "this workspace's projects" and "all my projects". */
  readonly switchScope?: true;
}

export interface SearchDocsDeps {
  readonly search: DocsSearch;
  readonly bound: BoundProjects;
  /** The version each bound project's docs are searched in. */
  readonly published: Pick<PublishedVersions, 'of'>;
  readonly editions: Pick<Editions, 'signedIn' | 'configured'>;
  readonly ui: UiHost;
  /** The error's sentence for a person (secrets removed). */
  readonly describe: (error: unknown) => string;
  /** Opens a section in the preview panel (`readthedocs.previewDocs`). */
  readonly preview: (url: string) => Thenable<unknown>;
}

/**
 * "Search Documentation…": the Search API queried as the person types (the search pick debounces
 * and aborts superseded queries), scoped to the workspace's projects and their subprojects, or to
 * all of the person's projects; the chosen section opens in the preview panel.
 */
export async function searchDocs(deps: SearchDocsDeps): Promise<void> {
  const bound = await deps.bound.current();
  const edition: Edition | undefined = bound[0]?.edition ?? deps.editions.signedIn[0] ?? deps.editions.configured[0];
  if (!edition) {
    void deps.ui.current.info(vscode.l10n.t('Set readthedocs.communityUrl or readthedocs.businessUrl to search documentation.'));
    return;
  }
  const projects = await workspaceSearchProjects(bound, edition, deps.published);
  let mine = projects.length === 0;
  for (;;) {
    const scope: SearchScope = mine ? { kind: 'mine' } : { kind: 'projects', projects };
    const scopeName = mine ? vscode.l10n.t('all your projects') : projects.map((p) => p.slug).join(', ');
    const chosen = await deps.ui.current.searchPick<HitItem>({
      title: vscode.l10n.t('Search Documentation ({0})', scopeName),
      placeholder: vscode.l10n.t('Words to find in the hosted documentation'),
      debounceMs: 250,
      fetch: async (text, signal) => {
        const switchRow: HitItem[] = projects.length === 0 ? [] : [{
          label: mine ? vscode.l10n.t('$(folder) Search only {0}', projects.map((p) => p.slug).join(', ')) : vscode.l10n.t('$(account) Search all your projects'),
          switchScope: true,
          alwaysShow: true,
        }];
        if (text.length < 2) return switchRow;
        const page = await deps.search.search(edition, text, scope, signal);
        return [...page.hits.map(itemOf), ...switchRow];
      },
      describeFailure: deps.describe,
    });
    if (chosen === undefined || isBack(chosen)) return;
    if (chosen.switchScope) {
      mine = !mine;
      continue;
    }
    if (chosen.hit) await deps.preview(chosen.hit.url);
    return;
  }
}

function itemOf(hit: SearchHit): HitItem {
  return {
    label: noIcons(hit.sectionTitle ?? hit.pageTitle),
    description: noIcons(`${hit.sectionTitle ? `${hit.pageTitle} · ` : ''}${hit.project}/${hit.version}`),
    detail: noIcons(hit.snippet.text),
    alwaysShow: true,
    hit,
  };
}

/** Remote text must not render as `$(icon)`. */
function noIcons(text: string): string {
  return text.replace(/\$\(/g, '$\u200b(');
}
