// `npm run sandbox`: start the sandbox and print what to configure. Ctrl+C stops it.

import { parseArgs } from 'node:util';
import { startSandbox } from './index';

const HELP = `Usage: npm run sandbox -- [options]
  --port N          port to listen on (default: a random free port)
  --business        Business edition (organizations, no users on projects)
  --latency MS      delay added to every response
  --rate-limit N    requests per minute per token (default: off)
  --build-step MS   time between build state transitions (default: 2000)
  --projects N      extra generated projects for scale tests
  --empty           start without the demo data (users and tokens only)
  --loopback-docs   serve each docs site on its own 127.0.0.1 port, published as its documentation URL`;

function numberOption(values: Record<string, unknown>, name: string): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`--${name} needs a non-negative number, got "${String(value)}"`);
  return number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      business: { type: 'boolean' },
      latency: { type: 'string' },
      'rate-limit': { type: 'string' },
      'build-step': { type: 'string' },
      projects: { type: 'string' },
      empty: { type: 'boolean' },
      'loopback-docs': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const edition = values.business ? 'business' : 'community';
  const sandbox = await startSandbox({
    port: numberOption(values, 'port'),
    edition,
    seed: values.empty ? 'empty' : 'demo',
    latencyMs: numberOption(values, 'latency'),
    requestsPerMinute: numberOption(values, 'rate-limit') ?? null,
    buildStepMs: numberOption(values, 'build-step'),
    projectCount: numberOption(values, 'projects'),
    loopbackDocs: values['loopback-docs'],
  });
  const setting = edition === 'business' ? 'readthedocs.businessUrl' : 'readthedocs.communityUrl';
  console.log(`Read the Docs sandbox (${edition}) listening on ${sandbox.origin}`);
  console.log(`  API base:     ${sandbox.apiBase}`);
  console.log(`  Owner token:  ${sandbox.tokens.owner}   (demo-owner)`);
  console.log(`  Other token:  ${sandbox.tokens.other}   (other-user)`);
  if (edition === 'business') console.log(`  Org token:    ${sandbox.tokens.org}   (org-admin)`);
  console.log(`  Control API:  ${sandbox.origin}/_sandbox/info`);
  for (const [slug, origin] of sandbox.docsOrigins) console.log(`  Docs of ${slug}: ${origin}/`);
  console.log(`Set ${setting} to ${sandbox.origin}`);

  const stop = () => {
    sandbox.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
