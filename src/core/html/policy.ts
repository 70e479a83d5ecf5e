/** Elements kept as they are (with filtered attributes). Anything not listed here or in DROPPED_ELEMENTS is unwrapped. */
export const ALLOWED_ELEMENTS: ReadonlySet<string> = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr',
  'a', 'em', 'strong', 'b', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'abbr', 'cite', 'q', 'dfn',
  'code', 'pre', 'kbd', 'var', 'samp', 'sub', 'sup',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'blockquote', 'img', 'span', 'div', 'section', 'article', 'aside', 'figure', 'figcaption', 'details', 'summary',
]);

/** Unknown elements that stand for a block (or a list, or code), kept as their allowed equivalent so words do not run together. */
export const RENAMED_ELEMENTS: ReadonlyMap<string, string> = new Map([
  ...['main', 'header', 'footer', 'nav', 'center', 'hgroup', 'address', 'search', 'fieldset', 'legend'].map((tag) => [tag, 'div'] as const),
  ['menu', 'ul'], ['tt', 'code'], ['strike', 's'],
]);

export const VOID_ELEMENTS: ReadonlySet<string> = new Set(['br', 'hr', 'img']);

/** Elements removed together with everything inside them: active content, forms, metadata, foreign markup. */
export const DROPPED_ELEMENTS: ReadonlySet<string> = new Set([
  'script', 'style', 'link', 'meta', 'base', 'title', 'head',
  'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'param', 'portal',
  'form', 'input', 'button', 'textarea', 'select', 'option', 'optgroup', 'datalist', 'output',
  'template', 'slot', 'noscript', 'noembed', 'noframes', 'xmp', 'plaintext',
  'svg', 'math', 'canvas', 'audio', 'video', 'source', 'track', 'map', 'area', 'dialog',
]);

/** Attributes kept per element ('*' = any kept element); URL attributes are handled separately. */
const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['id', 'class', 'lang', 'title'],
  img: ['alt', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
  details: ['open'],
};

const ATTRIBUTE_VALUE_RULES: Readonly<Record<string, RegExp>> = {
  id: /^[\w.:-]{1,200}$/,
  lang: /^[A-Z]{1,8}(?:-[A-Z0-9]{1,8})*$/i,
  width: /^\d{1,4}$/,
  height: /^\d{1,4}$/,
  colspan: /^\d{1,3}$/,
  rowspan: /^\d{1,3}$/,
  start: /^\d{1,6}$/,
};

const MAX_TEXT_ATTRIBUTE_LENGTH = 500;

export function isAttributeAllowed(tag: string, name: string): boolean {
  return ALLOWED_ATTRIBUTES['*'].includes(name) || (ALLOWED_ATTRIBUTES[tag]?.includes(name) ?? false);
}

/** The value to keep for an allowed, non-class, non-URL attribute, or undefined to drop it. */
export function acceptedAttributeValue(name: string, value: string): string | undefined {
  const rule = ATTRIBUTE_VALUE_RULES[name];
  if (rule) return rule.test(value) ? value : undefined;
  return value.length <= MAX_TEXT_ATTRIBUTE_LENGTH ? value : undefined;
}

/** Classes the preview styles (Sphinx admonitions, signatures, code highlighting); every other class is dropped. */
const ALLOWED_CLASSES: ReadonlySet<string> = new Set([
  'admonition', 'admonition-title', 'note', 'tip', 'hint', 'important', 'attention', 'caution', 'warning', 'danger',
  'error', 'seealso', 'todo', 'versionadded', 'versionchanged', 'deprecated', 'versionremoved',
  'highlight', 'literal', 'literal-block', 'pre', 'notranslate', 'docutils', 'rubric', 'topic', 'sidebar',
  'glossary', 'footnote', 'citation', 'field-list', 'option-list', 'simple',
  'sig', 'sig-object', 'sig-name', 'sig-prename', 'sig-param', 'sig-paren', 'descname', 'descclassname', 'property',
  'py', 'std', 'c', 'cpp', 'js', 'rst', 'function', 'class', 'method', 'attribute', 'data', 'exception', 'module', 'confval',
]);
const LANGUAGE_CLASS = /^(?:highlight|language)-[\w+-]{1,40}$/;
// Pygments token classes (k, nf, s2, err, …) colour highlighted code.
const PYGMENTS_TOKEN_CLASS = /^[a-z][a-z0-9]{0,2}$/;

export function acceptedClasses(value: string): string | undefined {
  const kept = new Set(value.split(/\s+/).filter(isClassAllowed));
  return kept.size > 0 ? [...kept].join(' ') : undefined;
}

function isClassAllowed(name: string): boolean {
  return ALLOWED_CLASSES.has(name) || LANGUAGE_CLASS.test(name) || PYGMENTS_TOKEN_CLASS.test(name);
}
