/** Time as core code sees it; tests pass a manual clock instead of waiting. */
export interface Clock {
  now(): number;
  setTimer(callback: () => void, ms: number): { clear(): void };
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimer: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    return { clear: () => clearTimeout(handle) };
  },
};

/** Waits `ms` on the clock; rejects with the signal's reason when aborted first. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) { reject(signal.reason); return; }
    const onAbort = () => { timer.clear(); reject(signal?.reason); };
    const timer = clock.setTimer(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
