/** What an upload will do, in words, before anything is sent; and the question before git builds stop for a version. */
import { l10n } from '../l10n';
import { formatBytes } from '../util/byteSize';
import { type UploadTarget } from './target';

export interface UploadPlan {
  readonly project: string;
  readonly target: UploadTarget;
  readonly commit: string;
  /** Bytes of the files to send (before compression). */
  readonly bytes: number;
  readonly files: number;
  /** The extra formats' entry names (`pdf/x.pdf`). */
  readonly extras: readonly string[];
  /** Business: the version's privacy after the upload; undefined on Community. */
  readonly privacy?: 'public' | 'private';
  /** Undefined: git could not say (the plan says so). */
  readonly dirty: boolean | undefined;
  /** The HTML folder, as the person knows it (relative to the workspace folder). */
  readonly htmlFolder: string;
}

export function planWords(plan: UploadPlan): { message: string; detail: string; confirm: string } {
  const lines = [
    l10n.t('Project: {0}', plan.project),
    l10n.t('Publishes as: {0}', plan.target.label),
    l10n.t('Commit: {0}', plan.commit.slice(0, 12)),
    l10n.t('HTML: {0} ({1} files, {2})', plan.htmlFolder || '.', plan.files, formatBytes(plan.bytes)),
    ...(plan.extras.length ? [l10n.t('Also: {0}', plan.extras.join(', '))] : []),
    ...(plan.privacy ? [plan.privacy === 'private' ? l10n.t('Privacy: private (only people with access to the project)') : l10n.t('Privacy: public')] : []),
    ...(plan.dirty ? [l10n.t('The working tree has uncommitted changes: what you built may not be this commit.')] : []),
    ...(plan.dirty === undefined ? [l10n.t('Whether the working tree has uncommitted changes is unknown: the git extension does not show this repository.')] : []),
  ];
  return {
    message: l10n.t('Upload the local build of {0} as {1}?', plan.project, plan.target.label),
    detail: lines.join('\n'),
    confirm: l10n.t('Upload'),
  };
}

/** The first upload to a version Read the Docs builds from git: after it, Read the Docs never builds that version again. */
export function gitBuildsStopWords(project: string, version: string): { message: string; detail: string; confirm: string } {
  return {
    message: l10n.t('Stop building {0} of {1} from git?', version, project),
    detail: l10n.t('Once a build is uploaded to it, Read the Docs never builds {0} from git again (not on pushes, not from Build Version): it only publishes what you upload.', version),
    confirm: l10n.t('Upload and Stop Git Builds'),
  };
}
