// Response values produced by handlers, the standard DRF error bodies, and how they become bytes.

export interface ApiResponse {
  status: number;
  /** `json` sorts keys like AlphabeticalSortedJSONRenderer; `json-unsorted` keeps insertion order (Embed API). */
  kind: 'json' | 'json-unsorted' | 'html' | 'text' | 'empty' | 'binary';
  body?: unknown;
  headers?: Record<string, string>;
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): ApiResponse =>
  ({ status, kind: 'json', body, headers });

/** A response without body or Content-Type (DRF drops the header when nothing is rendered). */
export const empty = (status: number): ApiResponse => ({ status, kind: 'empty' });

export const noContent = (): ApiResponse => empty(204);

/** DRF `{"detail": ...}` body. */
export const detail = (status: number, message: string, headers?: Record<string, string>): ApiResponse =>
  json(status, { detail: message }, headers);

export const unauthorized = (message = 'Authentication credentials were not provided.'): ApiResponse =>
  detail(401, message, { 'WWW-Authenticate': 'Token' });

export const forbidden = (): ApiResponse => detail(403, 'You do not have permission to perform this action.');

/** 404 for a missing/invisible object, e.g. `notFound('Project')`. */
export const notFound = (model: string): ApiResponse => detail(404, `No ${model} matches the given query.`);

/** 404 for a lookup value that is not an integer. */
export const notFoundPlain = (): ApiResponse => detail(404, 'Not found.');

/** 400 validation error: a field map, `{non_field_errors: [...]}` or a bare array. */
export const invalid = (errors: Record<string, unknown> | string[]): ApiResponse => json(400, errors);

export const methodNotAllowed = (method: string, allowed: string[]): ApiResponse =>
  detail(405, `Method "${method}" not allowed.`, { Allow: allowed.join(', ') });

export const htmlPage = (status: number): ApiResponse => ({ status, kind: 'html', body: errorPage(status) });

function errorPage(status: number): string {
  const title = status === 404 ? 'Maze Found' : 'Server Error';
  const text = status === 404
    ? 'You have found something that does not exist. The page you were looking for is not here.'
    : 'Read the Docs had a problem processing this request.';
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${title} | Read the Docs</title></head>
<body>
<main class="error-page"><h1>${status} ${title}</h1><p>${text}</p></main>
</body>
</html>
`;
}

/** Deep copy with object keys sorted alphabetically (arrays keep their order). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

const CONTENT_TYPES: Record<ApiResponse['kind'], string | undefined> = {
  json: 'application/json',
  'json-unsorted': 'application/json',
  html: 'text/html; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  empty: undefined,
  binary: 'application/octet-stream',
};

/** Serialise a response: the body text and the headers to send. */
export function encode(response: ApiResponse): { text: string | Buffer; headers: Record<string, string> } {
  const headers: Record<string, string> = { ...response.headers };
  const contentType = CONTENT_TYPES[response.kind];
  if (contentType && !hasHeader(headers, 'content-type')) headers['Content-Type'] = contentType;
  let text: string | Buffer = '';
  if (Buffer.isBuffer(response.body)) text = response.body;
  else if (response.body !== undefined) {
    if (response.kind === 'json') text = JSON.stringify(sortKeys(response.body));
    else if (response.kind === 'json-unsorted') text = JSON.stringify(response.body);
    else text = String(response.body);
  }
  return { text, headers };
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}
