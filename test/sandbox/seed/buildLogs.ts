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
  // The pull request that fails on warnings.
  for (const build of db.builds('widgets').filter((b) => b.version === '1240')) db.buildLogs.set(build.id, 'sphinx-fail-on-warning');
}
