// A hostile objects.inv in a real extension host: entries whose uri is `command:`, `vscode:`, `file:`
// or carries user information must never become a Ctrl+clickable document link (VS Code runs
// `command:` links from document links) nor a link in the hover. The inventory is served by a
// one-file HTTP server on 127.0.0.1 and named through `readthedocs.intersphinx`.

import * as assert from 'node:assert/strict';
import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import * as vscode from 'vscode';
import { getTesting, setEditionUrls, setSetting, waitFor } from './helpers/host';

const HOSTILE: readonly (readonly [string, string])[] = [
  ['run-command', 'command:workbench.action.terminal.new'],
  ['open-file', 'command:vscode.open?%5B%22file%3A%2F%2F%2Fetc%2Fpasswd%22%5D'],
  ['vscode-uri', 'vscode://file/etc/passwd'],
  ['file-uri', 'file:///etc/passwd'],
  ['credentials', 'https://user:secret@evil.example/page.html'],
];

function hostileInventory(): Buffer {
  const lines = [...HOSTILE.map(([name, uri]) => `${name} std:label -1 ${uri} Hostile ${name}`), 'harmless std:label -1 page.html#harmless Harmless'];
  const head = '# Sphinx inventory version 2\n# Project: Hostile\n# Version: 1\n# The remainder of this file is compressed using zlib.\n';
  return Buffer.concat([Buffer.from(head), deflateSync(Buffer.from(lines.join('\n')))]);
}

describe('a hostile inventory: links only to the web', function () {
  this.timeout(60_000);
  let server: Server;
  let root: string;

  before(async () => {
    await getTesting();
    const body = hostileInventory();
    server = createServer((request, response) => {
      if (request.url?.endsWith('/objects.inv')) response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    root = `${origin}/en/latest/`;
    // Docs hosts are fetched within an edition's budget: one edition is on (earlier suites may switch both off).
    await setEditionUrls({ community: origin, business: '' });
    await setSetting('intersphinx', { hostile: root });
  });

  after(async () => {
    await setSetting('intersphinx', undefined);
    await setEditionUrls({ community: '' });
    await new Promise((resolve) => server?.close(resolve));
  });

  it('document links: none to command:, vscode:, file: or a URL with user information', async () => {
    const content = [...HOSTILE.map(([name]) => `See :ref:\`hostile:${name}\`.`), 'And :ref:`hostile:harmless`.'].join('\n');
    const document = await vscode.workspace.openTextDocument({ language: 'restructuredtext', content });
    const links = await waitFor(async () => {
      const found = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri);
      return found.length > 0 ? found : undefined;
    }, 'the document links of the inventory');
    const targets = links.map((link) => link.target?.toString(true));
    assert.deepEqual(targets, [`${root}page.html#harmless`], 'only the web entry is a link');
    assert.equal(links[0].range.start.line, HOSTILE.length);
  });

  it('the hover names a hostile target as text, with no link to it', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'restructuredtext', content: 'See :ref:`hostile:run-command`.' });
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(0, 14));
    const texts = hovers.flatMap((hover) => hover.contents.map((c) => (typeof c === 'string' ? c : c.value)));
    const ours = texts.find((text) => text.includes('Hostile run-command'));
    assert.ok(ours, texts.join('\n---\n'));
    assert.ok(!ours.includes('command:'), ours);
    assert.ok(!ours.includes(']('), ours);
  });
});
