// DRF-style field validation: collects `{field: [messages]}` with the upstream message texts.

import type { RequestContext } from './context';
import { detail, invalid, type ApiResponse } from './http';

const TRUE_VALUES = new Set(['true', 't', 'yes', 'y', 'on', '1']);
const FALSE_VALUES = new Set(['false', 'f', 'no', 'n', 'off', '0']);

/** The Python type name DRF puts in messages about a JSON value. */
export const pythonType = (value: unknown): string =>
  Array.isArray(value) ? 'list' : value === null ? 'NoneType' : typeof value === 'object' ? 'dict'
    : typeof value === 'string' ? 'str' : typeof value === 'boolean' ? 'bool' : Number.isInteger(value) ? 'int' : 'float';

/** The request body as a JSON object, or the DRF error for a parse failure or a non-object body. */
export function readObject(ctx: RequestContext): Record<string, unknown> | ApiResponse {
  if (ctx.bodyError) return detail(400, `JSON parse error - ${ctx.bodyError}`);
  if (ctx.body === undefined) return {};
  if (ctx.body === null || typeof ctx.body !== 'object' || Array.isArray(ctx.body)) {
    return invalid({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${pythonType(ctx.body)}.`] });
  }
  return ctx.body as Record<string, unknown>;
}

export const isResponse = (value: unknown): value is ApiResponse =>
  typeof value === 'object' && value !== null && 'status' in value && 'kind' in value;

interface StringRules { required?: boolean; max?: number; allowBlank?: boolean; allowNull?: boolean }

export class Validator {
  readonly errors: Record<string, unknown> = {};

  /** `partial`: PATCH semantics, no field is required. */
  constructor(readonly data: Record<string, unknown>, readonly partial = false) {}

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  has(field: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.data, field);
  }

  fail(field: string, message: string): undefined {
    const list = (this.errors[field] as string[] | undefined) ?? [];
    list.push(message);
    this.errors[field] = list;
    return undefined;
  }

  /** Shared presence checks; returns false when the value should not be validated further. */
  private present(field: string, required: boolean, allowNull = false): boolean {
    if (!this.has(field)) {
      if (required && !this.partial) this.fail(field, 'This field is required.');
      return false;
    }
    if (this.data[field] === null) {
      if (!allowNull) this.fail(field, 'This field may not be null.');
      return false;
    }
    return true;
  }

  /** CharField. Returns undefined when absent or invalid, null when explicitly null and allowed. */
  string(field: string, rules: StringRules = {}): string | null | undefined {
    if (!this.present(field, rules.required ?? false, rules.allowNull)) {
      return this.has(field) && this.data[field] === null && rules.allowNull ? null : undefined;
    }
    const value = this.data[field];
    if (typeof value !== 'string' && typeof value !== 'number') return this.fail(field, 'Not a valid string.');
    const text = String(value).trim();
    if (text === '' && !rules.allowBlank) return this.fail(field, 'This field may not be blank.');
    if (rules.max != null && text.length > rules.max) {
      return this.fail(field, `Ensure this field has no more than ${rules.max} characters.`);
    }
    return text;
  }

  choice<T extends string | number>(field: string, choices: readonly T[], required = false): T | undefined {
    if (!this.present(field, required)) return undefined;
    const value = this.data[field];
    const match = choices.find((choice) => String(choice) === String(value));
    return match ?? this.fail(field, `"${String(value)}" is not a valid choice.`);
  }

  bool(field: string): boolean | undefined {
    if (!this.present(field, false)) return undefined;
    const value = this.data[field];
    if (typeof value === 'boolean') return value;
    const text = String(value).toLowerCase();
    if (TRUE_VALUES.has(text)) return true;
    if (FALSE_VALUES.has(text)) return false;
    return this.fail(field, 'Must be a valid boolean.');
  }

  integer(field: string, min?: number): number | undefined {
    if (!this.present(field, false)) return undefined;
    const value = this.data[field];
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(number)) return this.fail(field, 'A valid integer is required.');
    if (min != null && number < min) return this.fail(field, `Ensure this value is greater than or equal to ${min}.`);
    return number;
  }

  url(field: string): string | undefined {
    const value = this.string(field, { max: 200, allowBlank: true });
    if (!value) return value ?? undefined;
    return /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i.test(value) ? value : this.fail(field, 'Enter a valid URL.');
  }

  stringList(field: string): string[] | undefined {
    if (!this.present(field, false)) return undefined;
    const value = this.data[field];
    if (!Array.isArray(value)) return this.fail(field, `Expected a list of items but got type "${pythonType(value)}".`);
    return value.map(String);
  }
}

/** A URL id segment as an integer (DRF answers `{"detail": "Not found."}` otherwise). */
export const integerId = (value: string): number | undefined => (/^\d+$/.test(value) ? Number(value) : undefined);

/** django-filter `BooleanFilter`: `true`/`false`/`1`/`0`, anything else disables the filter. */
export function booleanFilter(value: string | null): boolean | undefined {
  const parsed = ({ true: true, false: false, 1: true, 0: false } as Record<string, boolean>)[(value ?? '').toLowerCase()];
  return parsed;
}

/** Case-insensitive "contains" filter on a query parameter; absent or empty = keep everything. */
export function containsFilter(query: URLSearchParams, name: string): (value: string) => boolean {
  const needle = query.get(name)?.toLowerCase() || undefined;
  return (value) => needle == null || value.toLowerCase().includes(needle);
}

/** Exact-match filter on a query parameter; absent or empty = keep everything. */
export function exactFilter(query: URLSearchParams, name: string): (value: string) => boolean {
  const wanted = query.get(name) || undefined;
  return (value) => wanted == null || value === wanted;
}
