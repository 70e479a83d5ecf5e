import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { previewPage } from '../../../src/core/embed/previewPage';
import { parsePreviewState } from '../../../src/core/embed/previewState';

type Element = DefaultTreeAdapterTypes.Element;

function elements(node: { childNodes?: unknown[] }): Element[] {
  const found: Element[] = [];
  for (const child of (node.childNodes ?? []) as Element[]) {
    if (child.tagName) found.push(child, ...elements(child));
  }
  return found;
}

/** Runs the page's own script against the page's <main> and returns what it gave `setState`. */
function stateKeptBy(html: string): unknown {
  const all = elements(parse(html));
  const main = all.find((e) => e.tagName === 'main');
  const script = all.find((e) => e.tagName === 'script');
  const code = (script?.childNodes[0] as DefaultTreeAdapterTypes.TextNode | undefined)?.value ?? '';
  let state: unknown;
  const attribute = (name: string) => main?.attrs.find((a) => a.name === name)?.value ?? null;
  runInNewContext(code, {
    acquireVsCodeApi: () => ({ setState: (value: unknown) => { state = value; }, postMessage: () => undefined }),
    document: { querySelector: () => (main ? { getAttribute: attribute } : null), getElementById: () => null },
    window: { addEventListener: () => undefined, scrollTo: () => undefined },
    setTimeout: () => undefined,
  });
  return state === undefined ? undefined : JSON.parse(JSON.stringify(state)); // VS Code keeps it as JSON
}

const page = (pageUrl: string, edition?: string) => previewPage({ cspSource: 'c', nonce: 'n', styleUri: 's', pageUrl, title: 't', bodyHtml: '<p>x</p>', edition });

describe('preview state over a window reload', () => {
  it('the page keeps its URL and edition, and the serializer reads them back', () => {
    const url = 'https://widgets.readthedocs.io/en/latest/install.html#requirements';
    const kept = stateKeptBy(page(url, 'business'));
    assert.deepEqual(kept, { url, edition: 'business' });
    assert.deepEqual(parsePreviewState(kept, ['community', 'business']), { url, edition: 'business' });
  });

  it('a page kept without an edition, or with one switched off since, opens with the first configured edition', () => {
    const url = 'https://widgets.readthedocs.io/en/latest/';
    assert.deepEqual(parsePreviewState(stateKeptBy(page(url)), ['community']), { url, edition: 'community' });
    assert.deepEqual(parsePreviewState({ url, edition: 'business' }, ['community']), { url, edition: 'community' });
    assert.equal(parsePreviewState({ url, edition: 'community' }, []), undefined, 'no edition at all: nothing to restore');
  });

  it('refuses what is not an http(s) page: the webview is not trusted', () => {
    for (const bad of [undefined, null, 'https://x.example/', {}, { url: 3 }, { url: 'javascript:alert(1)' }, { url: 'file:///etc/passwd' }, { url: 'https://user:pw@x.example/' }]) {
      assert.equal(parsePreviewState(bad, ['community']), undefined, JSON.stringify(bad));
    }
  });
});
