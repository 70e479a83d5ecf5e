// Which seeded builds show which log (the others get one by tool and outcome, see logs/scenarios.ts).

import type { SandboxDb } from '../db';
import { isFinal, newestFirst } from '../model';

/**
 * widgets/latest: the newest finished build and the running one have Sphinx warnings on the
 * fixture workspace's files, the failed one a conf.py traceback, the oldest one a log truncated by
 * cold storage. gadget-docs (MkDocs) and the rest follow their outcome.
 */
export function addBuildLogScenarios(db: SandboxDb): void {
  const latest = db.builds('widgets').filter((b) => b.version === 'latest').sort(newestFirst);
  const finished = latest.filter((b) => isFinal(b));
  const running = latest.find((b) => !isFinal(b));
  const newest = finished.find((b) => b.state === 'finished' && b.success);
  const failed = finished.find((b) => b.state === 'finished' && !b.success);
  const oldest = finished.at(-1);
  if (newest) db.buildLogs.set(newest.id, 'sphinx-warnings');
  if (running) db.buildLogs.set(running.id, 'sphinx-warnings');
  if (failed) db.buildLogs.set(failed.id, 'sphinx-conf-traceback');
  if (oldest && oldest !== newest) db.buildLogs.set(oldest.id, 'sphinx-truncated');
  // The branch and the pull request differ from latest's newest build by an added, a fixed and a moved warning,
  // and one warning twice; experimental's newest build was skipped by its post_checkout job (exit 183).
  for (const version of ['develop', '1234']) {
    const newestOf = db.builds('widgets').filter((b) => b.version === version && b.state === 'finished' && b.success).sort(newestFirst)[0];
    if (newestOf) db.buildLogs.set(newestOf.id, 'sphinx-branch-warnings');
  }
  for (const build of db.builds('widgets').filter((b) => b.version === 'experimental' && b.state === 'cancelled')) db.buildLogs.set(build.id, 'skipped-183');
  // The pull request that fails on warnings.
  for (const build of db.builds('widgets').filter((b) => b.version === '1240')) db.buildLogs.set(build.id, 'sphinx-fail-on-warning');
}
