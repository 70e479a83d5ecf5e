import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { errorDetail } from '../../core/api/describeError';
import { type ProjectSlugRef, accepts } from '../../core/commandArgs';
import { type Logger } from '../../core/log';
import { baseText, comparisonText } from '../../core/logs/newWarnings';
import { type LogProblem } from '../../core/logs/logProblem';
import { type WarningRecord } from '../../core/logs/newWarnings';
import { gitApi } from '../git/api';
import { type Services } from '../services';
import { type BuildProblemsView } from './problemsView';

export const acceptsProjectRef = accepts.projectSlugRef;

interface WarningItem extends vscode.QuickPickItem {
  readonly open?: () => Promise<void>;
}

/**
 * "Show New Warnings of This Branch" (the warnings row of This Workspace): the warnings the branch's
 * build added against its base build, each opening at its line, then the ones it fixed (at their old
 * line, when the file is still there).
 */
export async function showNewWarnings(services: Services, problems: BuildProblemsView, rootsOf: (ref: { edition: Edition; projectSlug: string }) => Promise<readonly string[]>, ref: ProjectSlugRef | undefined): Promise<void> {
  const ui = services.ui.current;
  const [chosen, comparison] = ref ? [ref, services.warnings.held(ref.edition, ref.projectSlug)] : services.warnings.entries()[0] ?? [undefined, undefined];
  if (!chosen || !comparison) {
    void ui.info(vscode.l10n.t('No build of this branch has been compared with its base build yet: its project\'s latest build shows in the Problems panel once it is read.'));
    return;
  }
  if (comparison.kind === 'none') {
    void ui.info(vscode.l10n.t('Build #{0}: {1}. The Problems panel shows all its warnings.', comparison.head, comparisonText(comparison)));
    return;
  }
  const roots = await rootsOf(chosen);
  const items: WarningItem[] = [
    { label: vscode.l10n.t('New in #{0}', comparison.head), kind: vscode.QuickPickItemKind.Separator },
    ...comparison.added.map((p) => newItem(p, problems)),
    { label: vscode.l10n.t('Fixed since #{0}', comparison.base.id), kind: vscode.QuickPickItemKind.Separator },
    ...comparison.fixed.map((w) => fixedItem(w, roots)),
  ];
  const picked = await ui.quickPick(items, { placeHolder: `${comparisonText(comparison)} ${baseText(comparison.base)}`, matchOnDescription: true });
  await picked?.open?.();
}

function newItem(problem: LogProblem, problems: BuildProblemsView): WarningItem {
  const place = problems.placeOf(problem);
  return {
    label: `$(warning) ${problem.message}`,
    description: place ? `${vscode.workspace.asRelativePath(place.uri)}:${place.range.start.line + 1}` : [problem.path, problem.line].filter((x) => x !== undefined).join(':'),
    open: place ? async () => { await vscode.window.showTextDocument(place.uri, { selection: place.range }); } : undefined,
  };
}

function fixedItem(warning: WarningRecord, roots: readonly string[]): WarningItem {
  const file = warning.file && !warning.file.startsWith('/') && roots[0] ? vscode.Uri.joinPath(vscode.Uri.file(roots[0]), ...warning.file.split('/')) : undefined;
  const line = Math.max(0, (warning.line ?? 1) - 1);
  return {
    label: `$(pass) ${warning.message}`,
    description: [warning.file, warning.line].filter((x) => x !== undefined).join(':'),
    open: file ? async () => {
      try {
        await vscode.window.showTextDocument(file, { selection: new vscode.Range(line, 0, line, 0) });
      } catch {
        // The file is gone: the fix may have been its removal.
      }
    } : undefined,
  };
}

/**
 * Whether `commit` comes before the folder's merge base with its default branch (`origin/<branch>`,
 * else the local one), through the git extension; undefined when git cannot tell (a commit not fetched).
 */
export async function olderThanMergeBase(folderPath: string, defaultBranch: string | undefined, commit: string, logger: Logger): Promise<boolean | undefined> {
  const repository = (await gitApi(logger))?.getRepository(vscode.Uri.file(folderPath));
  if (!repository?.getMergeBase || !defaultBranch) return undefined;
  for (const branch of [`origin/${defaultBranch}`, defaultBranch]) {
    try {
      const mergeBase = await repository.getMergeBase('HEAD', branch);
      if (!mergeBase) continue;
      if (mergeBase.startsWith(commit) || commit.startsWith(mergeBase)) return false;
      return (await repository.getMergeBase(commit, mergeBase)) === commit;
    } catch (error) {
      logger.debug(`problems: merge base of HEAD and ${branch} in ${folderPath}: ${errorDetail(error)}`);
    }
  }
  return undefined;
}

