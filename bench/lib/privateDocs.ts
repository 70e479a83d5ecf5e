// Private docs on Business: what a cross-reference hover costs on a private version (objects.inv and
// the page, both read with the project's header token, the section cut locally) against the same hover
// on a public version (objects.inv and the embed endpoint), and what enabling costs (one write).

import { performance } from 'node:perf_hooks';
import { DocHostMatcher } from '../../src/core/embed/docHosts';
import { EmbedService } from '../../src/core/embed/embedService';
import { SectionHover } from '../../src/core/embed/sectionHover';
import { docsFileFetcher } from '../../src/core/inventory/docsFile';
import { InventoryStore } from '../../src/core/inventory/inventoryStore';
import { referenceAt } from '../../src/core/inventory/referenceAt';
import { resolveReference } from '../../src/core/inventory/resolve';
import { silentLogger } from '../../src/core/log';
import { docsScopeOf } from '../../src/core/api/docsScope';
import { createHeaderMethod, grantOfMethod } from '../../src/core/sharing/headerGrants';
import { PrivateDocsGrants } from '../../src/core/sharing/privateDocs';
import { privateAwareSections } from '../../src/core/sharing/privateSections';
import { clientFor } from '../../test/helpers/clientFor';
import { startSandbox } from '../../test/sandbox';
import { round } from './measure';

export interface PrivateDocsFigure { readonly figure: string; readonly value: string }

export async function runPrivateDocs(): Promise<PrivateDocsFigure[]> {
  const figures: PrivateDocsFigure[] = [];
  const add = (figure: string, value: string) => figures.push({ figure, value });
  const sandbox = await startSandbox({ edition: 'business', loopbackDocs: true });
  const client = clientFor(sandbox.origin, { token: sandbox.tokens.owner, edition: 'business' });
  const docs = sandbox.docsOrigins.get('widgets')!;
  try {
    sandbox.clearLog();
    const project = await client.projects.get('widgets');
    const scope = docsScopeOf(project.urls.documentation, client.transport.origin)!;
    sandbox.clearLog();
    const method = await createHeaderMethod(client, 'widgets', { allowAll: false, versions: ['internal'] }, 'bench', Date.now());
    add('enabling: writes', `${sandbox.requests.filter((r) => r.method !== 'GET').length} (POST ${sandbox.requests[0]?.status})`);
    const grants = new PrivateDocsGrants(() => client.transport.origin);
    grants.set(grantOfMethod('widgets', scope, method, { allowAll: false, versions: ['internal'] })!);

    const none = new PrivateDocsGrants(() => client.transport.origin);
    const hoverOn = async (version: string, held: PrivateDocsGrants) => {
      const store = new InventoryStore({ fetchFile: docsFileFetcher(() => client.transport, 'inventory', held), logger: silentLogger });
      const service = new EmbedService({
        matcher: new DocHostMatcher(),
        cacheMinutes: () => 5,
        fetchSection: privateAwareSections({
          embed: (_edition, pageUrl, embed, signal) => client.embed.section(pageUrl, embed, { signal, priority: 'user' }),
          grants: held,
          transportOf: () => client.transport,
        }),
      });
      const sections = new SectionHover({ service, hostOf: () => client.host, logger: silentLogger });
      const line = 'Before installing, check :ref:`requirements`.';
      sandbox.clearLog();
      const started = performance.now();
      const own = await store.get(`${docs}/en/${version}/`);
      const reference = referenceAt(line, line.indexOf('requirements'), 'restructuredtext');
      const resolution = reference && resolveReference(reference, { own, named: new Map() }, 'index');
      if (resolution?.kind !== 'resolved' || resolution.url === undefined) throw new Error(`unresolved on ${version}`);
      const markdown = await sections.markdown(resolution.url, 'business', new AbortController().signal);
      if (!markdown || !/Python 3\.9/.test(markdown)) throw new Error(`no section on ${version}: ${markdown ?? ''}`);
      const ms = performance.now() - started;
      const requests = sandbox.requests.map((r) => (r.path.startsWith('/api/') ? r.path : r.path.split('/').at(-1) ?? r.path));
      const token = method.token ?? '';
      const withToken = sandbox.requests.filter((r) => token !== '' && r.authorization?.includes(token)).length;
      return { ms, count: sandbox.requests.length, requests, withToken };
    };
    // A public project's hover (no token held), then the same page of the private version with the token.
    const open = await hoverOn('latest', none);
    const closed = await hoverOn('internal', grants);
    add('hover :ref: on a public version (cold)', `${open.count} requests (${open.requests.join(', ')}), ${round(open.ms)} ms`);
    add('hover :ref: on a private version (cold)', `${closed.count} requests (${closed.requests.join(', ')}), ${closed.withToken} with the header, ${round(closed.ms)} ms`);
    add('private minus public', `${closed.count - open.count} requests`);
  } finally {
    await client.dispose();
    await sandbox.close();
  }
  return figures;
}
