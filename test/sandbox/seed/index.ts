// Which data a sandbox starts with.

import type { SandboxDb } from '../db';
import type { SandboxOptions } from '../types';
import { seedBusiness } from './business';
import { seedDemo } from './demo';
import { seedScaleProjects } from './scale';
import { addUsers } from './users';

/** The three users always exist (so `tokens` work); then the chosen seed, then any extra scale projects. */
export function applySeed(db: SandboxDb, options: SandboxOptions, now = Math.floor(Date.now() / 1000) * 1000): void {
  addUsers(db);
  const seed = options.seed ?? 'demo';
  if (seed === 'demo') {
    seedDemo(db, now);
    if (db.edition === 'business') seedBusiness(db, now);
  } else if (typeof seed === 'function') {
    seed(db);
  }
  if (options.projectCount) seedScaleProjects(db, options.projectCount, now);
}
