import { asObject, bool, int, optStr, str } from './parse';

/** The API never returns values: there is nothing here to leak. */
export interface EnvironmentVariable {
  readonly pk: number;
  readonly name: string;
  readonly public: boolean;
  readonly project: string;
  readonly created: string | undefined;
  readonly modified: string | undefined;
}

export function parseEnvironmentVariable(value: unknown, path = 'environment variable'): EnvironmentVariable {
  const o = asObject(value, path);
  return {
    pk: int(o, 'pk', path),
    name: str(o, 'name', path),
    public: bool(o, 'public', false),
    project: optStr(o, 'project') ?? '',
    created: optStr(o, 'created'),
    modified: optStr(o, 'modified'),
  };
}

export interface EnvironmentVariableInput {
  readonly name: string;
  readonly value: string;
  readonly public: boolean;
}
