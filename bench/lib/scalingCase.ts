// What a case of the scaling suite is (bench/lib/scaling.ts runs them; scalingCases.ts and its
// neighbours list them).

/** One entry point fed one hostile shape at `n` and `4 n` (the ratio of their times is the figure). */
export interface ScalingCase<T = unknown> {
  readonly entry: string;
  readonly shape: string;
  /** The size at which one call already takes a few milliseconds (characters, lines, items: the shape says). */
  readonly n: number;
  readonly input: (n: number) => T;
  readonly call: (input: T) => unknown;
}

/** One hostile input of the issue at its cap, timed once against the 200 ms target. */
export interface CapCase<T = unknown, R = unknown> {
  readonly name: string;
  readonly input: () => T;
  readonly call: (input: T) => R;
  /** What the call made, said beside its time (a page's size, what a store keeps). */
  readonly figure?: (result: R) => string;
}
