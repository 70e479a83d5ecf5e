import { ReadTheDocsClient } from '../../src/core/api/client';
import { silentLogger } from '../../src/core/log';
import { startSandbox } from '../../test/sandbox';
import { journeyBytes } from './bytes';

export interface PayloadResult {
  readonly request: string;
  /** What the client asks for beyond the filters (`fields=…`, `omit=…`). */
  readonly shaping: string;
  readonly items: number;
  readonly bytes: number;
  readonly bytesUnshaped: number;
}

/** Extra projects of the owner, so the projects list is one full page of 100 (106 listed: 100 on page 1). */
const EXTRA_PROJECTS = 100;

/**
 * Response bytes of single requests with the `fields`/`omit` the client sends, against the same
 * request without them (what it received before). Sandbox seed plus 100 projects; no latency.
 */
export async function runPayload(): Promise<PayloadResult[]> {
  const sandbox = await startSandbox({ projectCount: EXTRA_PROJECTS, buildStepMs: 60_000 });
  const client = new ReadTheDocsClient({
    edition: 'community', baseUrl: sandbox.origin, getToken: () => sandbox.tokens.owner,
    userAgent: 'readthedocs-vscode-bench/0', pageSize: 100, requestsPerMinute: 100_000, logger: silentLogger,
  });
  const results: PayloadResult[] = [];
  const measure = async (request: string, call: () => Promise<{ items: readonly unknown[] } | object>) => {
    sandbox.clearLog();
    const value = await call();
    const [entry] = sandbox.requests;
    const shaping = ['fields', 'omit'].filter((name) => entry.query[name]).map((name) => `${name}=${entry.query[name]}`).join('&') || '-';
    const items = 'items' in value ? value.items.length : 1;
    results.push({ request, shaping, items, ...(await journeyBytes(sandbox.origin, [entry])) });
  };
  try {
    const build = (await client.builds.list('widgets')).items[0];
    await measure('projects list, page 1 (tree)', () => client.projects.list());
    await measure('project summaries, page 1 (pickers, hover docs hosts)', () => client.projects.listSummaries());
    await measure('project details + active_versions (114)', () => client.projects.get('widgets', { expand: ['active_versions'] }));
    await measure('builds of widgets (24)', () => client.builds.list('widgets'));
    await measure('one build (each watcher poll)', () => client.builds.get('widgets', build.id));
    await measure('remote repositories + organization (import)', () => client.remote.repositories({}, { expand: ['remote_organization'] }));
  } finally {
    await client.dispose();
    await sandbox.close();
  }
  return results;
}
