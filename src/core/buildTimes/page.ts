import { l10n } from '../l10n';
import { escapeAttribute, escapeHtml } from '../html/escapeHtml';
import { truncate } from '../html/plainText';
import { webviewPage } from '../html/webviewPage';
import { type TimeWords, formatDateTime, formatDuration, statusWord } from '../builds/facts';
import { clockTime } from '../builds/liveFacts';
import { webUrlOf } from '../validation/urls';
import { type BuildTimesAnalysis, type StepMedian, SLOW_THROUGHOUT_FACTOR } from './analysis';
import { type BuildFigures, type StepTime } from './figures';
import { type Step, type StepKind, isStepKind, stepLabel } from './steps';

/**
 * The Build Times page: findings, a stacked-bar chart (inline SVG, one bar per build with its
 * accessible text) and the figures as tables. Everything the server sent is escaped; links only
 * http(s) (`webUrlOf`); the CSP allows the page's own nonce-tagged style and nothing else (no
 * script runs). Its size is bounded whatever the builds hold: at most `MAX_STEPS_SHOWN` steps a
 * build, `MAX_MEDIAN_ROWS` medians, `MAX_GROWTH_FINDINGS` grown steps, names of `MAX_LABEL_CHARS`. Pure.
 */

/** A build's bar and row show at most this many steps: the longest, in run order, and the rest as one. */
export const MAX_STEPS_SHOWN = 12;
/** The medians table lists at most this many steps: those with the largest medians, in run order. */
export const MAX_MEDIAN_ROWS = 30;
/** The findings name at most this many grown steps (the first in run order) and count the rest. */
export const MAX_GROWTH_FINDINGS = 5;
/** A step (a person's command) is named on the page by at most this many characters. */
export const MAX_LABEL_CHARS = 80;

export interface BuildTimesPageInput {
  /** Fresh per render: only the style carrying it applies. */
  readonly nonce: string;
  readonly projectSlug: string;
  readonly versionSlug: string;
  /** Newest first. */
  readonly builds: readonly BuildFigures[];
  readonly analysis: BuildTimesAnalysis;
  readonly words?: TimeWords;
}

/** A colour per step kind, from the theme (VS Code's chart colours). */
const COLOURS: Readonly<Record<StepKind | 'queue', string>> = {
  queue: 'var(--vscode-disabledForeground)',
  checkout: 'var(--vscode-charts-blue)',
  system_dependencies: 'var(--vscode-charts-purple)',
  create_environment: 'var(--vscode-charts-orange)',
  install: 'var(--vscode-charts-yellow)',
  build_html: 'var(--vscode-charts-green)',
  build_htmlzip: 'var(--vscode-charts-red)',
  build_pdf: 'var(--vscode-charts-red)',
  build_epub: 'var(--vscode-charts-red)',
  user: 'var(--vscode-charts-foreground)',
  other: 'var(--vscode-charts-lines)',
  upload: 'var(--vscode-descriptionForeground)',
};

const STYLE = `
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 1.5em 2em; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 1.6em; }
a { color: var(--vscode-textLink-foreground); }
table { border-collapse: collapse; margin-top: .5em; }
th, td { text-align: left; padding: .2em .8em .2em 0; border-bottom: 1px solid var(--vscode-panel-border); vertical-align: top; }
td.num, th.num { text-align: right; }
.flag { color: var(--vscode-errorForeground); font-weight: 600; }
.muted { color: var(--vscode-descriptionForeground); }
.legend span { display: inline-block; margin-right: 1em; }
.legend i { display: inline-block; width: .8em; height: .8em; margin-right: .3em; vertical-align: middle; }
svg text { fill: var(--vscode-foreground); font-size: 11px; }
${Object.entries(COLOURS).map(([kind, colour]) => `.k-${kind} { fill: ${colour}; background: ${colour}; }`).join('\n')}
.k-queue { fill-opacity: .5; }
svg .limit { stroke: var(--vscode-errorForeground); stroke-dasharray: 4 3; }
`;

function seconds(value: number | undefined): string {
  return formatDuration(value) ?? l10n.t('unknown');
}

function link(text: string, href: string | undefined): string {
  const url = href === undefined ? undefined : webUrlOf(href)?.href;
  return url ? `<a href="${escapeAttribute(url)}">${escapeHtml(text)}</a>` : escapeHtml(text);
}

/** A kind this version draws (a stored step of a kind it does not know is drawn as other commands). */
function kindOf(kind: StepKind): StepKind {
  return isStepKind(kind) ? kind : 'other';
}

function nameOf(step: Pick<Step, 'kind' | 'command'>): string {
  return truncate(stepLabel({ kind: kindOf(step.kind), command: step.command }), MAX_LABEL_CHARS);
}

/** The `count` largest of `items` by `size`, in their own order. */
function largest<T>(items: readonly T[], count: number, size: (item: T) => number): T[] {
  if (items.length <= count) return [...items];
  const kept = new Set([...items].sort((a, b) => size(b) - size(a)).slice(0, count));
  return items.filter((item) => kept.has(item));
}

interface ShownStep {
  readonly kind: StepKind;
  readonly label: string;
  readonly seconds: number;
}

/** A build's steps as the page shows them: at most `MAX_STEPS_SHOWN`, the shorter ones past it added up as one. */
function shownSteps(steps: readonly Pick<StepTime, 'kind' | 'command' | 'seconds'>[]): ShownStep[] {
  const named = steps.map((s): ShownStep => ({ kind: kindOf(s.kind), label: nameOf(s), seconds: s.seconds }));
  if (named.length <= MAX_STEPS_SHOWN) return named;
  const kept = largest(named, MAX_STEPS_SHOWN - 1, (s) => s.seconds);
  const rest = named.length - kept.length;
  const restSeconds = named.reduce((sum, s) => sum + s.seconds, 0) - kept.reduce((sum, s) => sum + s.seconds, 0);
  return [...kept, { kind: 'other', label: l10n.t('{0} more steps', rest), seconds: restSeconds }];
}

function outcomeWord(build: Pick<BuildFigures, 'state' | 'outcome'>): string {
  return statusWord(build.outcome, build.state);
}

function buildName(build: Pick<BuildFigures, 'id'>): string {
  return `#${build.id}`;
}

function flagWords(build: BuildFigures): string[] {
  const flags: string[] = [];
  if (build.flags.timeOut) flags.push(l10n.t('time-out'));
  if (build.flags.memory) flags.push(l10n.t('out of memory'));
  if (build.flags.concurrency) flags.push(l10n.t('waited for the concurrency limit'));
  if (build.totalSeconds !== undefined && build.totalSeconds > build.limitSeconds) flags.push(l10n.t('over the time limit'));
  return flags;
}

function missingWords(build: BuildFigures): string | undefined {
  switch (build.missing) {
    case 'private': return l10n.t('Per-step times need a public build: API v2 answers only for those.');
    case 'unavailable': return l10n.t('Per-step times are unavailable for this build.');
    case 'noCommands': return l10n.t('This build recorded no commands.');
    default: return undefined;
  }
}

/** One bar's accessible sentence: what each segment is. */
export function barText(build: BuildFigures): string {
  const parts = [
    l10n.t('queue {0}', seconds(build.queueSeconds)),
    ...shownSteps(build.steps ?? []).map((s) => `${s.label} ${seconds(s.seconds)}`),
  ];
  const total = l10n.t('total {0} of {1}', seconds(build.totalSeconds), clockTime(build.limitSeconds));
  const flags = flagWords(build);
  return [l10n.t('Build {0}, {1}', buildName(build), outcomeWord(build)), ...parts, total, ...flags].join(', ');
}

const BAR_HEIGHT = 16;
const BAR_GAP = 6;
const LABEL_WIDTH = 70;
const CHART_WIDTH = 560;

function chart(builds: readonly BuildFigures[]): string {
  const longest = Math.max(1, ...builds.map((b) => (b.queueSeconds ?? 0) + (b.totalSeconds ?? 0)), ...builds.map((b) => b.limitSeconds));
  const scale = (CHART_WIDTH - LABEL_WIDTH - 10) / longest;
  const height = builds.length * (BAR_HEIGHT + BAR_GAP) + 20;
  const bars = builds.map((build, row) => {
    const y = row * (BAR_HEIGHT + BAR_GAP);
    let x = LABEL_WIDTH;
    const segments: string[] = [];
    const segment = (kind: StepKind | 'queue', width: number, title: string) => {
      const w = Math.max(0, width * scale);
      segments.push(`<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${BAR_HEIGHT}" class="k-${escapeAttribute(kind)}"><title>${escapeHtml(title)}</title></rect>`);
      x += w;
    };
    if (build.queueSeconds !== undefined) segment('queue', build.queueSeconds, l10n.t('queue {0}', seconds(build.queueSeconds)));
    if (build.steps) for (const step of shownSteps(build.steps)) segment(step.kind, step.seconds, `${step.label} ${seconds(step.seconds)}`);
    else if (build.totalSeconds !== undefined) segment('other', build.totalSeconds, l10n.t('total {0}', seconds(build.totalSeconds)));
    const text = barText(build);
    return `<g role="img" aria-label="${escapeAttribute(text)}"><title>${escapeHtml(text)}</title><text x="0" y="${y + BAR_HEIGHT - 4}">${escapeHtml(buildName(build))}</text>${segments.join('')}</g>`;
  });
  const limits = [...new Set(builds.map((b) => b.limitSeconds))].map((limit) => {
    const x = (LABEL_WIDTH + limit * scale).toFixed(1);
    return `<line class="limit" x1="${x}" x2="${x}" y1="0" y2="${height - 14}"/><text x="${x}" y="${height - 2}" text-anchor="end">${escapeHtml(l10n.t('limit {0}', clockTime(limit)))}</text>`;
  });
  return `<svg role="group" aria-label="${escapeAttribute(l10n.t('Time per step of each build, newest first'))}" width="${CHART_WIDTH}" height="${height}" viewBox="0 0 ${CHART_WIDTH} ${height}">${bars.join('')}${limits.join('')}</svg>`;
}

function legend(builds: readonly BuildFigures[]): string {
  const kinds = new Map<StepKind | 'queue', string>([['queue', l10n.t('queue')]]);
  for (const build of builds) {
    for (const step of build.steps ?? []) {
      const kind = kindOf(step.kind);
      if (!kinds.has(kind)) kinds.set(kind, kind === 'user' ? l10n.t('your commands') : stepLabel({ kind }));
    }
  }
  return `<p class="legend">${[...kinds].map(([kind, label]) => `<span><i class="k-${escapeAttribute(kind)}"></i>${escapeHtml(label)}</span>`).join('')}</p>`;
}

function findings(input: BuildTimesPageInput): string {
  const { analysis, builds } = input;
  const byId = new Map(builds.map((b) => [b.id, b]));
  const items: string[] = [];
  if (analysis.dominant) {
    const { step, guide } = analysis.dominant;
    items.push(`${escapeHtml(l10n.t('Most of the time goes to {0} (median {1}).', nameOf(step.step), seconds(step.seconds)))} ${link(l10n.t('How to make it faster'), guide)}`);
  }
  for (const growth of analysis.grown.slice(0, MAX_GROWTH_FINDINGS)) {
    const build = byId.get(growth.buildId);
    const at = growth.commit ? l10n.t('build #{0} (commit {1})', growth.buildId, growth.commit.slice(0, 12)) : l10n.t('build #{0}', growth.buildId);
    items.push(escapeHtml(l10n.t('{0} grew from {1} to {2} at ', nameOf(growth.step), seconds(growth.beforeSeconds), seconds(growth.afterSeconds))) + link(at, build?.url) + '.');
  }
  if (analysis.grown.length > MAX_GROWTH_FINDINGS) items.push(escapeHtml(l10n.t('{0} more steps grew.', analysis.grown.length - MAX_GROWTH_FINDINGS)));
  for (const id of analysis.slowThroughout) {
    const build = byId.get(id);
    items.push(link(l10n.t('Build #{0}', id), build?.url) + escapeHtml(l10n.t(' ran slow throughout: every step took {0}× its median or more (a slow builder, not your change).', SLOW_THROUGHOUT_FACTOR)));
  }
  const over = builds.filter((b) => b.flags.timeOut || (b.totalSeconds !== undefined && b.totalSeconds > b.limitSeconds));
  if (over.length > 0) items.push(escapeHtml(l10n.t('{0} of these builds reached the time limit.', over.length)));
  const memory = builds.filter((b) => b.flags.memory);
  if (memory.length > 0) items.push(escapeHtml(l10n.t('{0} of these builds ran out of memory.', memory.length)));
  if (analysis.medianQueueSeconds !== undefined) items.push(escapeHtml(l10n.t('Median wait in the queue: {0}.', seconds(analysis.medianQueueSeconds))));
  const privateCount = builds.filter((b) => b.missing === 'private').length;
  if (privateCount > 0) items.push(escapeHtml(l10n.t('{0} builds are not public: their per-step times need a public build (the API v2 detail answers only for those); their totals, states and notifications are shown.', privateCount)));
  if (items.length === 0) return `<p class="muted">${escapeHtml(l10n.t('Nothing stands out in these builds.'))}</p>`;
  return `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}

function buildsTable(builds: readonly BuildFigures[], words: TimeWords | undefined): string {
  const head = [l10n.t('Build'), l10n.t('Started'), l10n.t('Outcome'), l10n.t('Queue'), l10n.t('Steps'), l10n.t('Total'), l10n.t('Flags')];
  const rows = builds.map((b) => {
    const steps = b.steps ? shownSteps(b.steps).map((s) => `${escapeHtml(s.label)} ${escapeHtml(seconds(s.seconds))}`).join('<br>') : `<span class="muted">${escapeHtml(missingWords(b) ?? '')}</span>`;
    const flags = [...flagWords(b), ...b.reasons];
    return `<tr><td>${link(buildName(b), b.url)}</td><td>${escapeHtml(formatDateTime(b.created, words) ?? '')}</td><td>${escapeHtml(outcomeWord(b))}</td>`
      + `<td class="num">${escapeHtml(seconds(b.queueSeconds))}</td><td>${steps}</td>`
      + `<td class="num">${escapeHtml(l10n.t('{0} of {1}', b.totalSeconds === undefined ? l10n.t('unknown') : clockTime(b.totalSeconds), clockTime(b.limitSeconds)))}</td>`
      + `<td>${flags.map((f) => `<span class="flag">${escapeHtml(f)}</span>`).join('<br>')}</td></tr>`;
  });
  return `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function mediansTable(analysis: BuildTimesAnalysis): string {
  if (analysis.medians.length === 0) return '';
  const listed = largest<StepMedian>(analysis.medians, MAX_MEDIAN_ROWS, (m) => m.seconds);
  const rows = listed.map((m) => `<tr><td>${escapeHtml(nameOf(m.step))}${m.step.job ? ` <span class="muted">(${escapeHtml(truncate(m.step.job, MAX_LABEL_CHARS))})</span>` : ''}</td><td class="num">${escapeHtml(seconds(m.seconds))}</td><td class="num">${m.builds}</td></tr>`);
  const rest = analysis.medians.length - listed.length;
  const more = rest > 0 ? `<p class="muted">${escapeHtml(l10n.t('{0} more steps with shorter medians are not listed.', rest))}</p>` : '';
  return `<h2>${escapeHtml(l10n.t('Median per step'))}</h2><table><thead><tr><th>${escapeHtml(l10n.t('Step'))}</th><th class="num">${escapeHtml(l10n.t('Median'))}</th><th class="num">${escapeHtml(l10n.t('Builds'))}</th></tr></thead><tbody>${rows.join('')}</tbody></table>${more}`;
}

export function buildTimesPage(input: BuildTimesPageInput): string {
  const { nonce, projectSlug, versionSlug, builds, analysis, words } = input;
  const title = l10n.t('Build times of {0} ({1})', projectSlug, versionSlug);
  const body = builds.length === 0
    ? `<p>${escapeHtml(l10n.t('{0} ({1}) has no builds yet.', projectSlug, versionSlug))}</p>`
    : `<p class="muted">${escapeHtml(l10n.t('The last {0} builds, newest first. Time limit of the plan: {1}.', builds.length, clockTime(builds[0].limitSeconds)))}</p>`
      + `<h2>${escapeHtml(l10n.t('Findings'))}</h2>${findings(input)}`
      + `<h2>${escapeHtml(l10n.t('Time per step'))}</h2>${legend(builds)}${chart(builds)}`
      + mediansTable(analysis)
      + `<h2>${escapeHtml(l10n.t('Builds'))}</h2>${buildsTable(builds, words)}`;
  return webviewPage({ nonce, title, style: STYLE, bodyHtml: `<h1>${escapeHtml(title)}</h1>\n${body}` });
}
