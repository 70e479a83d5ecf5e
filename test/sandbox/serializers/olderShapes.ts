import type { SandboxDb } from '../db';

/** `privacy_level` as the service sends it, or as `{code, name}` (Read the Docs 3.5-3.8: `responseShapes: 'older'`). */
export function privacyLevelShape(db: SandboxDb, level: string | undefined): unknown {
  if (db.responseShapes !== 'older' || level === undefined) return level;
  return { code: level, name: `${level.charAt(0).toUpperCase()}${level.slice(1)}` };
}
