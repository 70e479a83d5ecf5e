/** `domain:type` keys of inventory entries. */
export type ObjectType = `${string}:${string}`;

const PY_TYPES: readonly ObjectType[] = [
  'py:module', 'py:class', 'py:exception', 'py:function', 'py:method', 'py:classmethod', 'py:staticmethod',
  'py:attribute', 'py:property', 'py:data',
];

// Sphinx's role → object types (sphinx/domains/std.py, sphinx/domains/python.py `object_types`).
const ROLE_TYPES: Readonly<Record<string, readonly ObjectType[]>> = {
  'std:ref': ['std:label'],
  'std:numref': ['std:label'],
  'std:doc': ['std:doc'],
  'std:term': ['std:term'],
  'std:keyword': ['std:keyword'],
  'std:option': ['std:cmdoption'],
  'std:envvar': ['std:envvar'],
  'std:confval': ['std:confval'],
  'py:func': ['py:function'],
  'py:meth': ['py:method', 'py:classmethod', 'py:staticmethod'],
  'py:class': ['py:class', 'py:exception'],
  'py:exc': ['py:exception'],
  'py:attr': ['py:attribute', 'py:property'],
  'py:mod': ['py:module'],
  'py:data': ['py:data'],
  'py:const': ['py:data', 'py:attribute'],
  'py:obj': PY_TYPES,
};

/**
 * The pseudo-role of an mkdocs-autorefs reference (`[text][mk_demo.core.greet]`): mkdocstrings'
 * Python handler registers the `py:` objects of its own and its imported inventories.
 */
export const AUTOREFS_ROLE = 'autorefs';

/** Types whose names Sphinx matches without regard to case (`:ref:` and `:term:` lowercase the target). */
export const CASE_INSENSITIVE_TYPES: ReadonlySet<ObjectType> = new Set(['std:label', 'std:term']);

/**
 * The inventory types a role can point at, or undefined when the role is no cross-reference
 * (`:code:`, `:math:` …). `func` without a domain is the Python one (Sphinx's default domain),
 * `ref`/`doc`/`term` are the standard domain's; `any` matches everything.
 */
export function typesOfRole(role: string): readonly ObjectType[] | 'any' | undefined {
  const name = role.toLowerCase();
  if (name === 'any') return 'any';
  if (name === AUTOREFS_ROLE) return PY_TYPES;
  if (name.includes(':')) return ROLE_TYPES[name];
  return ROLE_TYPES[`std:${name}`] ?? ROLE_TYPES[`py:${name}`];
}

/** Whether the role points at a document (its target is a path relative to the current file). */
export function isDocRole(role: string): boolean {
  const types = typesOfRole(role);
  return Array.isArray(types) && types.length === 1 && types[0] === 'std:doc';
}
