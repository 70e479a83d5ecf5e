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
  for (let j = server.length - 1; j >= 0; j--) if (!matchedServer.has(j)) steps.push({ kind: 'delete', redirect: server[j]! });
  // Identities in the simulated list: server index for existing redirects, `-1 - entry` for created ones.
  const identityOf = (entry: number) => match.get(entry) ?? -1 - entry;
  const list = new PositionList(server.flatMap((_, j) => (matchedServer.has(j) ? [j] : [])));
  const placements = file.flatMap((_, entry) => (anchors.has(entry) ? [] : [{ entry, id: identityOf(entry), after: entry === 0 ? undefined : identityOf(entry - 1) }]));
  let moves = 0;
  for (const { entry, current, position } of list.place(placements)) {
    const rule = file[entry]!;
    const j = match.get(entry);
    if (j === undefined) {
      steps.push({ kind: 'create', rule: normalizeRule(rule), position, entry });
    } else if (!sameRule(rule, serverRules[j]!)) {
      steps.push({ kind: 'update', redirect: server[j]!, rule: normalizeRule(rule), position, entry, fields: changedFields(serverRules[j]!, rule) });
    } else if (position !== current) {
      steps.push({ kind: 'move', redirect: server[j]!, position, entry });
      moves++;
    }
  }
  const final = list.identities();
  if (final.length !== file.length || final.some((id, k) => id !== identityOf(k))) {
    throw new Error('The redirect plan does not reach the order of the file (a bug in the planner).');
  }
  if (server.some((r) => r.positionUnsaid)) {
    return { steps: steps.filter((s) => s.kind !== 'move'), unchanged: unchangedPairs.length, duplicates: duplicatesOf(file) };
  }
  return { steps, unchanged: unchangedPairs.length - moves, duplicates: duplicatesOf(file) };
}

/**
 * The server's list while the plan's writes are applied in turn: each placement takes an identity
 * out (when there) and puts it right after another (or first), and says where it was and where it
 * went. In n log n: the moves are laid out once on a linked list that keeps every place an
 * identity ever held (so the order of places never changes), then replayed on a Fenwick tree of
 * the places held, which counts the identities before one.
 */
class PositionList {
  /** Place 0 is the head; `next` links the places in list order; `who` the identity a place holds. */
  private readonly next: number[] = [-1];
  private readonly who: number[] = [Number.NaN];
  /** The places of the identities the list starts with. */
  private readonly initial: number[];
  /** Each place's position in list order, once laid out; the Fenwick tree over them; 1 where a place is held. */
  private ranks: number[] = [];
  private tree: number[] = [];
  private held: number[] = [];

  constructor(identities: readonly number[]) {
    let last = 0;
    for (const id of identities) last = this.insertAfter(last, id);
    this.initial = identities.map((_, k) => k + 1);
  }

  private insertAfter(place: number, id: number): number {
    const created = this.next.length;
    this.next.push(this.next[place]!);
    this.who.push(id);
    this.next[place] = created;
    return created;
  }

  place(placements: readonly { entry: number; id: number; after: number | undefined }[]): { entry: number; current: number; position: number }[] {
    // Lay out: the place each identity holds after each placement.
    const placeOf = new Map<number, number>(this.initial.map((place) => [this.who[place]!, place]));
    const laid = placements.map(({ entry, id, after }) => {
      const from = placeOf.get(id);
      const behind = after === undefined ? 0 : placeOf.get(after)!;
      const to = this.insertAfter(behind, id);
      placeOf.set(id, to);
      return { entry, from, behind, to };
    });
    this.ranks = new Array<number>(this.next.length);
    for (let place = 0, rank = 0; place >= 0; place = this.next[place]!) this.ranks[place] = rank++;
    this.tree = new Array<number>(this.next.length + 1).fill(0);
    this.held = new Array<number>(this.next.length).fill(0);
    for (const place of this.initial) this.toggle(place, 1);
    // Replay, counting.
    return laid.map(({ entry, from, behind, to }) => {
      const current = from === undefined ? -1 : this.before(from);
      if (from !== undefined) this.toggle(from, -1);
      const position = behind === 0 ? 0 : this.before(behind) + 1;
      this.toggle(to, 1);
      return { entry, current, position };
    });
  }

  /** The identities held, in list order. */
  identities(): number[] {
    const ids: number[] = [];
    for (let place = this.next[0]!; place >= 0; place = this.next[place]!) if (this.held[place] === 1) ids.push(this.who[place]!);
    return ids;
  }

  private toggle(place: number, delta: number): void {
    this.held[place] += delta;
    for (let i = this.ranks[place]! + 1; i < this.tree.length; i += i & -i) this.tree[i] += delta;
  }

  /** How many identities are held before `place`. */
  private before(place: number): number {
    let sum = 0;
    for (let i = this.ranks[place]!; i > 0; i -= i & -i) sum += this.tree[i]!;
    return sum;
  }
}

/** file index → server index: each pass takes, for each entry in file order, the first server redirect left that fits. */
function matchEntries(file: readonly RedirectRule[], server: readonly RedirectRule[]): Map<number, number> {
  const match = new Map<number, number>();
  const taken = new Set<number>();
  const fileKeys = file.map(ruleKey);
  const serverKeys = server.map(ruleKey);
  const pass = (groupOf: (keys: readonly string[], rules: readonly RedirectRule[], k: number) => string, fits: (a: RedirectRule, b: RedirectRule) => boolean) => {
    // The server's redirects by group, in order; `start` skips those taken (each group's scan only goes forward past them).
    const groups = new Map<string, { readonly members: number[]; start: number }>();
    server.forEach((_, k) => {
      const group = groupOf(serverKeys, server, k);
      const known = groups.get(group);
      if (known) known.members.push(k);
      else groups.set(group, { members: [k], start: 0 });
    });
    file.forEach((rule, i) => {
      if (match.has(i)) return;
      const group = groups.get(groupOf(fileKeys, file, i));
      if (!group) return;
      while (group.start < group.members.length && taken.has(group.members[group.start]!)) group.start++;
      for (let m = group.start; m < group.members.length; m++) {
        const j = group.members[m]!;
        if (taken.has(j) || !fits(rule, server[j]!)) continue;
        match.set(i, j);
        taken.add(j);
        return;
      }
    });
  };
  pass((keys, _, k) => keys[k]!, sameRule);
  pass((keys, _, k) => keys[k]!, () => true);
  // A leftover of the same type is one PUT instead of a delete and a create; across types it stays
  // a delete and a create, so a rule that goes away is always listed as a deletion.
  pass((_, rules, k) => normalizeRule(rules[k]!).type, () => true);
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
