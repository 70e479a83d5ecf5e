import { type Json, isJsonObject } from '../util/json';

/**
 * Tolerant readers for server JSON. Unknown fields are ignored and optional ones may be missing;
 * a required field that is absent or of the wrong type throws `ShapeError`, which the transport
 * turns into an `UnexpectedResponseError` (never a crash further up).
 */
export class ShapeError extends Error {
  constructor(readonly path: string, expected: string) {
    super(`${path || 'response'} is not ${expected}`);
    this.name = 'ShapeError';
  }
}


export function asObject(value: unknown, path: string): Json {
  if (!isJsonObject(value)) throw new ShapeError(path, 'an object');
  return value;
}

export function asArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(path, 'a list');
  return value;
}

export function str(o: Json, key: string, path: string): string {
  const v = o[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  throw new ShapeError(`${path}.${key}`, 'a string');
}

export function optStr(o: Json, key: string): string | undefined {
  const v = o[key];
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
}

export function int(o: Json, key: string, path: string): number {
  const v = o[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  throw new ShapeError(`${path}.${key}`, 'a number');
}

export function optInt(o: Json, key: string): number | undefined {
  const v = o[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/**
 * Longer than any build or command runs (plans stop builds after minutes, custom ones after hours):
 * a duration beyond it, or below zero, is a server's mistake (or a hostile one), read as unknown.
 */
export const MAX_DURATION_SECONDS = 7 * 24 * 3600;

/** A duration in seconds within `0…MAX_DURATION_SECONDS`, else undefined. */
export function optSeconds(o: Json, key: string): number | undefined {
  const v = optInt(o, key);
  return v !== undefined && v >= 0 && v <= MAX_DURATION_SECONDS ? v : undefined;
}

export function bool(o: Json, key: string, fallback: boolean): boolean {
  const v = o[key];
  return typeof v === 'boolean' ? v : fallback;
}

export function optBool(o: Json, key: string): boolean | undefined {
  const v = o[key];
  return typeof v === 'boolean' ? v : undefined;
}

export function optObject(o: Json, key: string): Json | undefined {
  const v = o[key];
  return isJsonObject(v) ? v : undefined;
}

/** The object at `value.keys[0].keys[1]…` (`value` itself without keys); undefined where a step is not an object. */
export function objectAt(value: unknown, ...keys: string[]): Json | undefined {
  let current = isJsonObject(value) ? value : undefined;
  for (const key of keys) current = current && optObject(current, key);
  return current;
}

export function strings(o: Json, key: string): string[] {
  const v = o[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** A list whose items parse independently: a malformed item is an error, not silently dropped. */
export function listOf<T>(value: unknown, path: string, parseItem: (item: unknown, path: string) => T): T[] {
  return asArray(value, path).map((item, i) => parseItem(item, `${path}[${i}]`));
}

/** `{code, name}` pairs such as language and programming_language; a bare code string is accepted too. */
export interface CodeName { readonly code: string; readonly name: string }

export function codeName(o: Json, key: string, path: string): CodeName {
  const v = o[key];
  if (typeof v === 'string') return { code: v, name: v };
  const obj = asObject(v, `${path}.${key}`);
  const code = str(obj, 'code', `${path}.${key}`);
  return { code, name: optStr(obj, 'name') ?? code };
}

/** A code string, or the code of a `{code, name}` pair (`privacy_level` from Read the Docs 3.5-3.8). */
export function optCode(o: Json, key: string): string | undefined {
  const v = o[key];
  if (typeof v === 'string') return v;
  return isJsonObject(v) ? optStr(v, 'code') : undefined;
}

/** `subproject_of` / `translation_of`: a `{slug}` stub, a full project, a bare slug, or null. */
export function slugRef(o: Json, key: string): string | undefined {
  const v = o[key];
  if (typeof v === 'string') return v || undefined;
  return isJsonObject(v) ? optStr(v, 'slug') : undefined;
}
