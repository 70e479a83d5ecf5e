/**
 * The smallest set of writes that turns the server's redirects into the file's, in the file's
 * order. Writes: delete (DELETE), create (POST at a position), update (PUT of the whole rule, which
 * also places it), move (PATCH of the position alone). The server's position rules (FACTS.md §12,
 * `ProjectItemPositionManager`): a create at p inserts there and pushes the rest down; moving an
 * item to p takes it out and puts it back at p; a delete closes the gap.
 *
 * Matching pairs a file entry with a server redirect: the same rule first, then the same type and
 * from_url, then (one PUT instead of a delete and a create) a leftover of the same type. The entries that keep
 * their relative order (a longest increasing run of the unchanged ones) stay where they are;
 * everything else is put right after the entry that precedes it in the file. A server that does not say
 * positions (before 10.14) neither keeps them nor tells its order: nothing is moved there, and an
 * order that differs is no difference.
 */
import { l10n } from '../l10n';
import { type Redirect } from '../models/redirect';
import { type RedirectRule, changedFields, normalizeRule, ruleKey, ruleLabel, ruleOfRedirect, sameRule } from './rule';

export type PlanStep =
  | { readonly kind: 'delete'; readonly redirect: Redirect }
  | { readonly kind: 'create'; readonly rule: RedirectRule; readonly position: number; readonly entry: number }
  | { readonly kind: 'update'; readonly redirect: Redirect; readonly rule: RedirectRule; readonly position: number; readonly entry: number; readonly fields: readonly string[] }
  | { readonly kind: 'move'; readonly redirect: Redirect; readonly position: number; readonly entry: number };

export interface RedirectPlan {
  readonly steps: readonly PlanStep[];
  /** File entries that already match the server, in place. */
  readonly unchanged: number;
  /** Entries (0-based) with the same type and from_url as an earlier one: `[entry, earlier]`. */
  readonly duplicates: readonly (readonly [number, number])[];
}

export function planRedirects(file: readonly RedirectRule[], server: readonly Redirect[]): RedirectPlan {
  const serverRules = server.map(ruleOfRedirect);
  const match = matchEntries(file, serverRules);
  const unchangedPairs = [...match.entries()].filter(([i, j]) => sameRule(file[i]!, serverRules[j]!)).sort(([a], [b]) => a - b);
  const anchors = new Set(longestIncreasingRun(unchangedPairs.map(([, j]) => j)).map((k) => unchangedPairs[k]![0]));

  const steps: PlanStep[] = [];
  const matchedServer = new Set(match.values());
  // Identities in the simulated list: server index for existing redirects, `-1 - entry` for created ones.
  const list: number[] = server.map((_, j) => j);
  for (let j = server.length - 1; j >= 0; j--) {
    if (matchedServer.has(j)) continue;
    steps.push({ kind: 'delete', redirect: server[j]! });
    list.splice(list.indexOf(j), 1);
  }
  const identityOf = (entry: number) => match.get(entry) ?? -1 - entry;
  let moves = 0;
  file.forEach((rule, entry) => {
    if (anchors.has(entry)) return;
    const id = identityOf(entry);
    const current = list.indexOf(id);
    if (current >= 0) list.splice(current, 1);
    const position = entry === 0 ? 0 : list.indexOf(identityOf(entry - 1)) + 1;
    list.splice(position, 0, id);
    const j = match.get(entry);
    if (j === undefined) {
      steps.push({ kind: 'create', rule: normalizeRule(rule), position, entry });
    } else if (!sameRule(rule, serverRules[j]!)) {
      steps.push({ kind: 'update', redirect: server[j]!, rule: normalizeRule(rule), position, entry, fields: changedFields(serverRules[j]!, rule) });
    } else if (position !== current) {
      steps.push({ kind: 'move', redirect: server[j]!, position, entry });
      moves++;
    }
  });
  if (list.length !== file.length || list.some((id, k) => id !== identityOf(k))) {
    throw new Error('The redirect plan does not reach the order of the file (a bug in the planner).');
  }
  if (server.some((r) => r.positionUnsaid)) {
    return { steps: steps.filter((s) => s.kind !== 'move'), unchanged: unchangedPairs.length, duplicates: duplicatesOf(file) };
  }
  return { steps, unchanged: unchangedPairs.length - moves, duplicates: duplicatesOf(file) };
}

/** file index → server index. */
function matchEntries(file: readonly RedirectRule[], server: readonly RedirectRule[]): Map<number, number> {
  const match = new Map<number, number>();
  const taken = new Set<number>();
  const pass = (fits: (a: RedirectRule, b: RedirectRule) => boolean) => {
    file.forEach((rule, i) => {
      if (match.has(i)) return;
      const j = server.findIndex((candidate, k) => !taken.has(k) && fits(rule, candidate));
      if (j < 0) return;
      match.set(i, j);
      taken.add(j);
    });
  };
  pass((a, b) => ruleKey(a) === ruleKey(b) && sameRule(a, b));
  pass((a, b) => ruleKey(a) === ruleKey(b));
  // A leftover of the same type is one PUT instead of a delete and a create; across types it stays
  // a delete and a create, so a rule that goes away is always listed as a deletion.
  pass((a, b) => normalizeRule(a).type === normalizeRule(b).type);
  return match;
}

/** Indexes (into `values`) of one longest strictly increasing subsequence. */
export function longestIncreasingRun(values: readonly number[]): number[] {
  const tails: number[] = []; // index into values of the smallest tail of a run of each length
  const previous: number[] = new Array<number>(values.length).fill(-1);
  values.forEach((value, k) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    previous[k] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = k;
  });
  const run: number[] = [];
  for (let k = tails.length ? tails[tails.length - 1]! : -1; k >= 0; k = previous[k]!) run.unshift(k);
  return run;
}

function duplicatesOf(file: readonly RedirectRule[]): [number, number][] {
  const first = new Map<string, number>();
  const duplicates: [number, number][] = [];
  file.forEach((rule, entry) => {
    const key = ruleKey(rule);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, entry);
    else duplicates.push([entry, earlier]);
  });
  return duplicates;
}

/** One line per step, for the plan pick and the report. Positions are shown 1-based, as in the dashboard. */
export function describeStep(step: PlanStep): string {
  switch (step.kind) {
    case 'delete':
      return l10n.t('Delete {0}', ruleLabel(ruleOfRedirect(step.redirect)));
    case 'create':
      return l10n.t('Create {0} at position {1}', ruleLabel(step.rule), step.position + 1);
    case 'update': {
      const before = ruleOfRedirect(step.redirect);
      const fields = step.fields.length ? step.fields.join(', ') : l10n.t('position');
      return ruleKey(before) === ruleKey(step.rule) ? l10n.t('Update {0}: {1}', ruleLabel(step.rule), fields)
        : l10n.t('Update {0} (was {1}): {2}', ruleLabel(step.rule), ruleLabel(before), fields);
    }
    case 'move':
      return l10n.t('Move {0} to position {1}', ruleLabel(ruleOfRedirect(step.redirect)), step.position + 1);
  }
}

/** True when the plan deletes every redirect the server has: none of them is kept, moved or updated. */
export function deletesEverything(plan: RedirectPlan): boolean {
  const counts = countWrites(plan);
  return counts.delete > 0 && plan.unchanged + counts.update + counts.move === 0;
}

export function countWrites(plan: RedirectPlan): Record<PlanStep['kind'], number> {
  const counts = { delete: 0, create: 0, update: 0, move: 0 };
  for (const step of plan.steps) counts[step.kind]++;
  return counts;
}
