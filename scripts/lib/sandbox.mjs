// Starts the local Read the Docs API v3 sandbox (test/sandbox/, TypeScript) from a plain Node
// script, through tsx's loader API, and stops it at cleanup.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './paths.mjs';
import { onCleanup } from './processes.mjs';

/**
 * @param {{ port?: number, edition?: string, buildStepMs?: number, loopbackDocs?: boolean }} [options]
 * @returns {Promise<{ origin: string, apiBase: string, docsOrigins: ReadonlyMap<string, string>, tokens: { owner: string, other: string, org: string }, close(): Promise<void> | void }>}
 */
export async function startSandbox(options = {}) {
  const entry = join(root, 'test', 'sandbox', 'index.ts');
  if (!existsSync(entry)) throw new Error(`the sandbox is not there yet (${entry} is missing)`);
  const { tsImport } = await import('tsx/esm/api');
  const sandbox = await tsImport(pathToFileURL(entry).href, import.meta.url);
  if (typeof sandbox.startSandbox !== 'function') throw new Error(`${entry} does not export startSandbox()`);
  const instance = await sandbox.startSandbox(options);
  onCleanup('sandbox', () => instance.close());
  return instance;
}
