import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The manifest's words for people live in package.nls.json (translations: package.nls.<lang>.json);
// package.json refers to them as `%key%`. `node scripts/nls-extract.mjs` moves new strings there.

const root = join(__dirname, '..', '..');
const manifestText = readFileSync(join(root, 'package.json'), 'utf8');
const manifest = JSON.parse(manifestText);
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, unknown>;
const references = [...manifestText.matchAll(/"%([^"%]+)%"/g)].map(([, key]) => key);

describe('package.nls.json', () => {
  it('has an entry, a non-empty string, for every %key% of package.json', () => {
    assert.ok(references.length > 50, `only ${references.length} references`);
    const missing = references.filter((key) => typeof nls[key] !== 'string' || nls[key] === '');
    assert.deepEqual(missing, []);
  });

  it('holds no entry that package.json does not use', () => {
    const used = new Set(references);
    assert.deepEqual(Object.keys(nls).filter((key) => !used.has(key)), []);
  });

  it('leaves no command title, view name or setting description inline', () => {
    const inline: string[] = [];
    const isRef = (value: unknown) => typeof value !== 'string' || /^%[^%]+%$/.test(value);
    const c = manifest.contributes;
    for (const command of c.commands) if (!isRef(command.title) || !isRef(command.category)) inline.push(command.command);
    for (const view of Object.values(c.views as Record<string, { id: string; name: string }[]>).flat()) if (!isRef(view.name)) inline.push(view.id);
    for (const welcome of c.viewsWelcome) if (!isRef(welcome.contents)) inline.push(`viewsWelcome ${welcome.view}`);
    for (const [name, property] of Object.entries(c.configuration.properties as Record<string, { markdownDescription?: string; enumDescriptions?: string[] }>)) {
      if (!isRef(property.markdownDescription) || !(property.enumDescriptions ?? []).every(isRef)) inline.push(name);
    }
    if (!isRef(manifest.displayName) || !isRef(manifest.description)) inline.push('displayName/description');
    assert.deepEqual(inline, []);
  });

  it('ships in the .vsix', () => {
    const ignore = readFileSync(join(root, '.vscodeignore'), 'utf8').split('\n').map((l) => l.trim());
    assert.ok(ignore.includes('!package.nls.json'), '.vscodeignore keeps package.nls.json');
  });
});
