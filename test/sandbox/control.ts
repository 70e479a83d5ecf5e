// The `/_sandbox/` control API, for scripts driving the sandbox from another process.

import { parseFault } from './faults';
import { detail, empty, json, type ApiResponse } from './http';
import type { Sandbox } from './types';

const number = (body: unknown, key: string): number | null => {
  const value = (body as Record<string, unknown> | undefined)?.[key];
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new Error(`"${key}" must be a non-negative number`);
  return value;
};

const text = (body: unknown, key: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[key];
  if (typeof value !== 'string' || !value) throw new Error(`"${key}" must be a non-empty string`);
  return value;
};

export function handleControl(sandbox: Sandbox, method: string, path: string, body: unknown): ApiResponse {
  const action = `${method} ${path.replace(/\/+$/, '')}`;
  try {
    switch (action) {
      case 'GET /_sandbox/info':
        return json(200, { origin: sandbox.origin, apiBase: sandbox.apiBase, edition: sandbox.db.edition, tokens: sandbox.tokens });
      case 'GET /_sandbox/log':
        return { status: 200, kind: 'json-unsorted', body: sandbox.requests };
      case 'DELETE /_sandbox/log':
        sandbox.clearLog();
        return empty(204);
      case 'POST /_sandbox/reset':
        sandbox.reset();
        return empty(204);
      case 'POST /_sandbox/faults':
        sandbox.addFault(parseFault(body));
        return empty(204);
      case 'DELETE /_sandbox/faults':
        sandbox.clearFaults();
        return empty(204);
      case 'POST /_sandbox/latency':
        sandbox.setLatency(number(body, 'ms') ?? 0);
        return empty(204);
      case 'POST /_sandbox/rate-limit':
        sandbox.setRateLimit(number(body, 'perMinute'));
        return empty(204);
      case 'POST /_sandbox/build-step':
        sandbox.setBuildStepMs(number(body, 'ms') ?? 0);
        return empty(204);
      case 'POST /_sandbox/fail-next-build':
        sandbox.failNextBuild(text(body, 'project'), text(body, 'version'));
        return empty(204);
      case 'POST /_sandbox/hold-next-build':
        sandbox.holdNextBuild(text(body, 'project'), text(body, 'version'), {
          limit: number(body, 'limit') ?? 2, retries: number(body, 'retries') ?? 3, retryMs: number(body, 'retryMs') ?? 20_000, waitedSeconds: number(body, 'waitedSeconds') ?? 0,
        });
        return empty(204);
      default:
        return detail(404, `Unknown control endpoint: ${action}`);
    }
  } catch (error) {
    return detail(400, (error as Error).message);
  }
}
