import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DocsFileResult } from '../../../src/core/inventory/docsFile';
import { InventoryStore } from '../../../src/core/inventory/inventoryStore';
import { InventorySources } from '../../../src/core/inventory/sources';
import { silentLogger } from '../../../src/core/log';
import { type Project } from '../../../src/core/models/project';
import { type BoundProject } from '../../../src/core/workspace/boundProject';

const BYTES = readFileSync(join(__dirname, '..', '..', 'fixtures', 'inventory', 'widgets-objects.inv'));
const OWN = 'https://widgets.readthedocs.io/en/stable/';
/** What a hostile conf.py's `intersphinx_mapping` names: a link-local address. */
const NAMED = 'http://169.254.169.254/latest/meta-data/';

function setup(trusted: boolean) {
  const fetched: string[] = [];
  let namedRead = 0;
  const project = { slug: 'widgets', defaultVersion: 'stable', urls: { documentation: OWN } } as unknown as Project;
  const bound: BoundProject = { edition: 'community', project, folderPath: '/work/widgets', branch: undefined, versionSlug: undefined };
  const store = new InventoryStore({
    fetchFile: async (url): Promise<DocsFileResult> => {
      fetched.push(url);
      return { status: 'ok', bytes: BYTES, validators: {} };
    },
    logger: silentLogger,
  });
  const sources = new InventorySources({
    bound: { started: true, current: async () => [bound], onDidChange: () => ({ dispose() {} }) },
    store,
    clientOf: () => undefined,
    published: { of: async () => ({ versionSlug: undefined, root: OWN }) },
    namedRoots: async () => {
      namedRead++;
      return new Map([['evil', NAMED]]);
    },
    folderTrusted: () => trusted,
    logger: silentLogger,
  });
  return { sources, fetched, namedReads: () => namedRead };
}

describe('inventory sources in Restricted Mode: the folder names no host', () => {
  it('untrusted: the named roots (conf.py, readthedocs.intersphinx) are neither read nor fetched; the bound project still is', async () => {
    const { sources, fetched, namedReads } = setup(false);
    const { set } = await sources.forFile('/work/widgets/docs/index.rst');
    assert.equal(namedReads(), 0, 'conf.py and the folder setting are not read');
    assert.deepEqual(fetched, [`${OWN}objects.inv`]);
    assert.equal(set.own?.rootUrl, OWN);
    assert.deepEqual([...set.named.keys()], []);
  });

  it('trusted: the named roots are fetched too', async () => {
    const { sources, fetched, namedReads } = setup(true);
    const { set } = await sources.forFile('/work/widgets/docs/index.rst');
    assert.equal(namedReads(), 1);
    assert.deepEqual(fetched.sort(), [`${OWN}objects.inv`, `${NAMED}objects.inv`].sort());
    assert.deepEqual([...set.named.keys()], ['evil']);
  });
});
