// Shared setup of the manage*.test.ts files: one sandbox per file, signed in as the owner,
// tree lookups that load like the view does, and request-log filters.

import * as vscode from 'vscode';
import { type DocsNode } from '../../../src/core/tree/nodes';
import type { TestingApi } from '../../../src/vscode/testing';
import { type RequestLogEntry, type Sandbox, type SandboxOptions, startSandbox } from '../../sandbox';
import { getTesting, setEditionUrls, signInWith, signOutAll, waitFor } from './host';
import { signedInEditions, treeItem } from './tree';

export interface ManageContext {
  sandbox: Sandbox;
  testing: TestingApi;
}

/** `before`/`after` hooks: a fresh sandbox, its edition pointed at it (the other switched off), signed in as the owner. */
export function useSignedInSandbox(options: SandboxOptions = {}): ManageContext {
  const edition = options.edition ?? 'community';
  const context = {} as ManageContext;
  before(async function () {
    this.timeout(60_000);
    context.sandbox = await startSandbox({ buildStepMs: 100, ...options });
    context.testing = await getTesting();
    await signOutAll(context.testing);
    await setEditionUrls(edition === 'community' ? { community: context.sandbox.origin, business: '' } : { community: '', business: context.sandbox.origin });
    await signInWith(context.testing, context.sandbox.tokens.owner, edition);
    await waitFor(async () => (await signedInEditions(context.testing)).includes(edition), 'the sign-in');
  });
  after(async function () {
    this.timeout(30_000);
    if (context.testing) await signOutAll(context.testing);
    await setEditionUrls({ community: '', business: '' });
    await context.sandbox?.close();
  });
  return context;
}

/** Everything a tree row shows (label, description, tooltip) plus the node data, as one string. */
export function rowText(testing: TestingApi, node: DocsNode): string {
  const item = treeItem(testing, node);
  const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip ?? '');
  const label = typeof item.label === 'object' ? item.label.label : String(item.label ?? '');
  return [label, String(item.description ?? ''), tooltip, JSON.stringify(node)].join('\n');
}

export function writes(sandbox: Sandbox, method?: string): RequestLogEntry[] {
  return sandbox.requests.filter((r) => (method ? r.method === method : r.method !== 'GET' && r.method !== 'OPTIONS'));
}
