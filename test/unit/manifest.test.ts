import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandIds } from '../../src/core/commandIds';
import { ContextKeys } from '../../src/core/contextKeys';
import { possibleContextValues } from '../../src/core/tree/contextValues';

const root = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
/** A manifest string as VS Code shows it: `%key%` looked up in package.nls.json. */
const english = (value: string) => value.replace(/^%([^%]+)%$/, (_, key: string) => nls[key] ?? value);
const contributes = manifest.contributes;
const declaredCommands: string[] = contributes.commands.map((c: { command: string }) => c.command);
const declaredViews: string[] = Object.values(contributes.views as Record<string, { id: string }[]>).flat().map((v) => v.id);
const menuEntries: { command: string; when?: string }[] = Object.values(contributes.menus as Record<string, { command: string; when?: string }[]>).flat();
const whenClauses: string[] = [
  ...menuEntries.map((m) => m.when ?? ''),
  ...(contributes.viewsWelcome as { when?: string }[]).map((w) => w.when ?? ''),
].filter(Boolean);

describe('the manifest agrees with the code', () => {
  it('declares exactly the commands of CommandIds, each with the category', () => {
    assert.deepEqual([...declaredCommands].sort(), Object.values(CommandIds).sort());
    for (const command of contributes.commands) assert.equal(english(command.category), 'Read the Docs', command.command);
  });

  it('has menus that only name declared commands', () => {
    for (const entry of menuEntries) assert.ok(declaredCommands.includes(entry.command), `menu names unknown ${entry.command}`);
  });

  it('scopes item menus to our view and names only declared views', () => {
    for (const clause of whenClauses) {
      for (const [, view] of clause.matchAll(/\bview\s*==\s*([\w.]+)/g)) assert.ok(declaredViews.includes(view), `unknown view ${view}`);
      if (/viewItem/.test(clause)) assert.match(clause, /view == readthedocs\.(projects|workspace)\b/, clause);
    }
  });

  it('uses only context keys that the code sets', () => {
    const known = new Set<string>(Object.values(ContextKeys));
    for (const clause of whenClauses) {
      // Only keys: the right-hand side of a comparison is a value (a view id, a webview panel id).
      const keysOnly = clause.replace(/(==|!=|=~)\s*(\/(?:\\.|[^/])*\/|[\w.-]+)/g, '$1');
      for (const [key] of keysOnly.matchAll(/\breadthedocs\.[\w.]+/g)) {
        assert.ok(known.has(key), `when clause uses ${key}, which ContextKeys does not define`);
      }
    }
  });

  it('has viewItem regexes and exact values that context values the tree can produce match', () => {
    const possible = possibleContextValues();
    let checked = 0;
    for (const clause of whenClauses) {
      for (const problem of viewItemProblems(clause, possible)) assert.fail(`${problem} (in "${clause}")`);
      checked += [...clause.matchAll(/viewItem\s*(=~|==)/g)].length;
    }
    assert.ok(checked >= 20, `only ${checked} viewItem conditions found`);
  });

  it('catches a viewItem typo that matches nothing the tree makes', () => {
    const possible = possibleContextValues();
    assert.deepEqual(viewItemProblems('view == readthedocs.projects && viewItem =~ /^readthedocs:version\\b.*\\+active/', possible), []);
    assert.equal(viewItemProblems('view == readthedocs.projects && viewItem =~ /^readthedocs:version\\b.*\\+bulit/', possible).length, 1);
    assert.equal(viewItemProblems('view == readthedocs.projects && viewItem == readthedocs:folder:redirect', possible).length, 1);
    assert.deepEqual(viewItemProblems('view == readthedocs.projects && viewItem == readthedocs:folder:redirects', possible), []);
  });

  it('declares every setting the code reads, with a description and a scope', () => {
    const properties = contributes.configuration.properties as Record<string, { markdownDescription?: string; scope?: string }>;
    const configSource = readFileSync(join(root, 'src', 'vscode', 'config.ts'), 'utf8');
    const read = [...configSource.matchAll(/c\.get<[^>]+>\('([\w.]+)'/g)].map(([, key]) => `readthedocs.${key}`);
    assert.deepEqual([...read].sort(), Object.keys(properties).sort());
    for (const [key, property] of Object.entries(properties)) {
      assert.ok(property.markdownDescription, `${key} has no description`);
      assert.ok(property.scope, `${key} has no scope`);
    }
  });

  it('keeps engines.vscode at or above @types/vscode', () => {
    const engine = manifest.engines.vscode.replace(/^\^/, '');
    const types = manifest.devDependencies['@types/vscode'].replace(/^[\^~]/, '');
    assert.equal(engine, types);
  });

  it('activates after start-up and by inference (views, commands), with no language list', () => {
    // onStartupFinished makes the hover exist for every language of readthedocs.hover.languages,
    // including ones a user adds; a list of onLanguage events would go stale (and become tags).
    assert.deepEqual(manifest.activationEvents, ['onStartupFinished', 'onWebviewPanel:readthedocs.preview']);
  });

  it('runs limited in Restricted Mode (the folder steers no fetch, file or write) and in virtual workspaces', () => {
    const untrusted = manifest.capabilities.untrustedWorkspaces;
    assert.equal(untrusted.supported, 'limited');
    assert.match(english(untrusted.description), /Restricted Mode/);
    assert.equal(manifest.capabilities.virtualWorkspaces, true);
    // A workspace cannot point the token at another server, nor make the budget larger.
    for (const key of ['readthedocs.communityUrl', 'readthedocs.businessUrl', 'readthedocs.requestsPerMinute']) {
      assert.equal(contributes.configuration.properties[key].scope, 'application', key);
    }
    // VS Code ignores the workspace's value of these in Restricted Mode: the bound projects, the
    // named inventories (hosts to fetch from), the redirects file (a file to write), its project (server
    // writes) and how many builds Build Times reads (requests).
    assert.deepEqual([...untrusted.restrictedConfigurations].sort(), ['readthedocs.buildTimes.count', 'readthedocs.intersphinx', 'readthedocs.projects', 'readthedocs.redirects.file', 'readthedocs.redirects.project']);
    for (const key of untrusted.restrictedConfigurations) {
      assert.ok(['window', 'resource'].includes(contributes.configuration.properties[key].scope), `${key} is readable from a workspace`);
    }
  });

  it('is found by what people search for, with its own icon and banner', () => {
    for (const keyword of ['read the docs', 'rtd', 'readthedocs', 'sphinx', 'mkdocs', 'docs', 'builds']) assert.ok(manifest.keywords.includes(keyword), keyword);
    assert.ok(manifest.keywords.length <= 30, 'the Marketplace takes at most 30 keywords');
    assert.match(manifest.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(manifest.galleryBanner.theme));
    // Marketplace categories (a fixed list): build warnings land in the Problems panel, so Linters fits.
    assert.deepEqual(manifest.categories, ['Linters', 'Other']);
    const png = readFileSync(join(root, manifest.icon));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [256, 256], 'the icon is 256×256');
  });
});

/**
 * What is wrong with the viewItem conditions of a when clause: a regex not anchored to our prefix,
 * one that matches no context value the tree can produce, or an exact value it never produces.
 * (The manifest's JSON string has already turned `\\b` into `\b`.)
 */
function viewItemProblems(clause: string, possible: readonly string[]): string[] {
  const problems: string[] = [];
  for (const [, pattern] of clause.matchAll(/viewItem\s*=~\s*\/((?:\\.|[^/])+)\//g)) {
    if (!pattern.startsWith('^readthedocs:')) problems.push(`viewItem pattern not anchored to our prefix: ${pattern}`);
    const regex = new RegExp(pattern);
    if (!possible.some((value) => regex.test(value))) problems.push(`viewItem =~ /${pattern}/ matches no context value`);
  }
  for (const [, value] of clause.matchAll(/viewItem\s*==\s*([^\s&|)]+)/g)) {
    if (!possible.includes(value)) problems.push(`viewItem == ${value} is no context value`);
  }
  return problems;
}
