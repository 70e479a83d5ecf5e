// Environment variable rules shared by the API handler and the seed.

import { ENV_VARS_TOTAL_MAX } from '../constants';
import type { EnvVarRecord, SandboxDb } from '../db';

/** Python `shlex.quote`: the stored form of a value. */
function shellQuote(value: string): string {
  if (value === '') return "''";
  if (/^[\w@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'"'"'`)}'`;
}

export const envVarsOf = (db: SandboxDb, project: string): EnvVarRecord[] => db.envVars.filter((v) => v.project === project);

/** `validate_environment_variable_size` (bare-array error): stored sizes plus the new raw value. */
export function totalSizeError(db: SandboxDb, project: string, newValue: string): string | undefined {
  const existing = envVarsOf(db, project).reduce((sum, v) => sum + v.value.length, 0);
  return existing + newValue.length > ENV_VARS_TOTAL_MAX
    ? 'The total size of all environment variables in the project cannot exceed 256 KB.'
    : undefined;
}

export function createEnvVar(
  db: SandboxDb, project: string, fields: { name: string; value: string; public: boolean }, now = Date.now(),
): EnvVarRecord {
  const variable: EnvVarRecord = {
    pk: db.nextId('envvar'),
    project,
    name: fields.name,
    value: shellQuote(fields.value),
    public: fields.public,
    created: now,
    modified: now,
  };
  db.envVars.push(variable);
  return variable;
}
