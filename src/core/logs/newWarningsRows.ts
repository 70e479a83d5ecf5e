import { type Edition } from '../api/client';
import { CommandIds } from '../commandIds';
import { l10n } from '../l10n';
import { type SectionRows, type WorkspaceRow, type WorkspaceSection } from '../workspace/section';
import { type Comparison, type NewWarnings, baseText, comparisonText } from './newWarnings';

/** A project a command of This Workspace is about. */
export interface ProjectRef {
  readonly edition: Edition;
  readonly projectSlug: string;
}

/**
 * The row under a bound project that says what its branch (or pull request) did to the warnings:
 * `2 new warnings, 1 fixed`, against the base build it names (and when that build is older than the
 * merge base); a click lists them. Without a base build, why, and that every warning is shown. Pure.
 */
export function newWarningsRows(held: (ref: ProjectRef) => Comparison | undefined): SectionRows {
  return {
    rows: (bound, { parentId }) => {
      const ref: ProjectRef = { edition: bound.edition, projectSlug: bound.project.slug };
      const comparison = held(ref);
      return comparison ? [warningsRow(`${parentId}/warnings`, ref, comparison)] : [];
    },
  };
}

function warningsRow(id: string, ref: ProjectRef, comparison: Comparison): WorkspaceRow {
  if (comparison.kind === 'none') {
    return {
      id, label: l10n.t('Warnings: all shown'), description: comparisonText(comparison),
      tooltip: l10n.t('Build #{0} is not compared with a base build ({1}): the Problems panel shows all its warnings.', comparison.head, comparisonText(comparison)),
      icon: { id: 'warning', color: 'disabledForeground' },
    };
  }
  const stale = comparison.olderThanMergeBase === true;
  const against = baseText(comparison.base);
  return {
    id,
    label: comparisonText(comparison),
    description: stale ? l10n.t('{0} · older than the merge base', against) : against,
    tooltip: [
      l10n.t('Build #{0} against the newest finished build of {1} before it: #{2}{3}.', comparison.head, comparison.base.version, comparison.base.id, comparison.base.commit ? l10n.t(' (commit {0})', comparison.base.commit.slice(0, 12)) : ''),
      stale ? l10n.t('That commit comes before this branch\'s merge base: what the default branch changed since counts here too.') : undefined,
      l10n.t('Warnings are matched by file, kind and message (line numbers aside): a moved paragraph adds none. Click to list them.'),
    ].filter(Boolean).join('\n'),
    icon: { id: comparison.added.length > 0 ? 'warning' : 'pass', color: comparison.added.length > 0 ? 'problemsWarningIcon.foreground' : 'testing.iconPassed' },
    action: { kind: 'command', command: CommandIds.showNewWarnings, args: [ref] },
  };
}

/** The section of This Workspace (after the pull request), redrawn when a comparison is made. */
export function newWarningsSection(newWarnings: NewWarnings): WorkspaceSection {
  return {
    ...newWarningsRows((ref) => newWarnings.held(ref.edition, ref.projectSlug)),
    onDidChange: newWarnings.onDidChange,
  };
}
