import { l10n } from '../l10n';
import { type Build } from '../models/build';
import { toReadableYaml } from '../util/readableYaml';
import { capitalise } from '../util/text';
import { type OutcomeFacts, buildLabel, buildOutcome, formatDuration } from './facts';

export interface BuildDocumentInput {
  readonly build: Build;
  readonly projectSlug: string;
  /** Host of the server, for the heading. */
  readonly host?: string;
  /** Plain-text failure reason from the build's notifications. */
  readonly reason?: string;
  /** What its notifications said beyond the API object (a skipped build). */
  readonly facts: OutcomeFacts;
}

/**
 * The read-only build document: the fields as YAML (state, success, error, commit, version,
 * created, finished, duration, the dashboard URL) followed by the resolved build configuration.
 */
export function renderBuildDocument({ build, projectSlug, host, reason, facts }: BuildDocumentInput): string {
  const outcome = buildOutcome(build, facts);
  const fields: Record<string, unknown> = {
    id: build.id,
    project: projectSlug,
    version: build.version ?? null,
    state: build.stateName && build.stateName.toLowerCase() !== build.state ? `${build.stateName} (${build.state})` : build.state,
    outcome,
    success: build.success ?? null,
    error: reason ?? (outcome === 'failed' || outcome === 'cancelled' ? l10n.t('no reason given') : ''),
    commit: build.commit ?? null,
    created: build.created ?? null,
    finished: build.finished ?? null,
    duration: formatDuration(build.durationSeconds) ?? null,
    url: build.urls.build ?? null,
  };
  const heading = [
    host ? l10n.t('# {0} on {1}', capitalise(buildLabel(build, projectSlug)), host) : `# ${capitalise(buildLabel(build, projectSlug))}`,
    l10n.t('# Read-only. "Open Build in Browser" (editor title) opens the dashboard page.'),
  ];
  const config = build.config === undefined
    ? l10n.t('# config: not sent by the server')
    : Object.keys(build.config).length === 0
      ? l10n.t('# config: none recorded (no .readthedocs.yaml was read for this build)')
      : `${l10n.t('# config: the .readthedocs.yaml this build used, as the server resolved it')}\n${toReadableYaml({ config: build.config })}`;
  return `${heading.join('\n')}\n\n${toReadableYaml({ build: fields })}\n\n${config}\n`;
}
