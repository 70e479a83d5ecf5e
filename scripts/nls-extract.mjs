// Moves the manifest's words for people (display name, description, command titles and
// category, the Restricted Mode description, view names, welcome texts, setting descriptions) from package.json into
// package.nls.json, leaving `%key%` references behind, so VS Code and the Marketplace can show
// them translated (package.nls.<lang>.json). Idempotent: values already `%key%` are kept, new
// English strings get a key; run it again after adding commands or settings.
// `--check` changes nothing and fails when a string is still inline or a `%key%` has no entry
// (test/unit/nls.test.ts checks the same).
// It also writes the code's messages (`vscode.l10n.t`, and `l10n.t` in src/core) to
// l10n/bundle.l10n.json with @vscode/l10n-dev (scripts/lib/l10nBundle.mjs); `--check` fails when
// that file is stale (test/unit/l10nBundle.test.ts checks the same).
//
//   node scripts/nls-extract.mjs [--check]

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { L10N_BUNDLE, L10N_DIR, bundleText, extractL10nBundle } from './lib/l10nBundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const manifestPath = join(root, 'package.json');
const nlsPath = join(root, 'package.nls.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
let nls = {};
try {
  nls = JSON.parse(readFileSync(nlsPath, 'utf8'));
} catch {
  // first run: no package.nls.json yet
}

const problems = [];
const REF = /^%([^%]+)%$/;

/** Replaces `holder[field]` (a string) by `%key%`, recording the English text under `key`. */
function localise(holder, field, key) {
  const value = holder?.[field];
  if (typeof value !== 'string' || value === '') return;
  const ref = REF.exec(value);
  if (ref) {
    if (!(ref[1] in nls)) problems.push(`%${ref[1]}% has no entry in package.nls.json`);
    return;
  }
  if (check) {
    problems.push(`${key}: "${value.slice(0, 40)}" is not in package.nls.json`);
    return;
  }
  if (key in nls && nls[key] !== value) throw new Error(`key ${key} already holds "${nls[key]}", not "${value}"`);
  nls[key] = value;
  holder[field] = `%${key}%`;
}

const c = manifest.contributes ?? {};
localise(manifest, 'displayName', 'displayName');
localise(manifest, 'description', 'description');
if (manifest.capabilities?.untrustedWorkspaces) localise(manifest.capabilities.untrustedWorkspaces, 'description', 'capabilities.untrustedWorkspaces.description');
for (const auth of c.authentication ?? []) localise(auth, 'label', `authentication.${auth.id}.label`);
for (const containers of Object.values(c.viewsContainers ?? {})) {
  for (const container of containers) localise(container, 'title', `viewsContainers.${container.id}.title`);
}
for (const views of Object.values(c.views ?? {})) {
  for (const view of views) {
    localise(view, 'name', `views.${view.id}.name`);
    localise(view, 'contextualTitle', `views.${view.id}.contextualTitle`);
  }
}
const welcomeCount = {};
for (const welcome of c.viewsWelcome ?? []) {
  const n = (welcomeCount[welcome.view] = (welcomeCount[welcome.view] ?? 0) + 1);
  localise(welcome, 'contents', `viewsWelcome.${welcome.view}.${n}.contents`);
}
for (const command of c.commands ?? []) {
  localise(command, 'title', `commands.${command.command}.title`);
  localise(command, 'category', 'commands.category');
}
const configurations = Array.isArray(c.configuration) ? c.configuration : c.configuration ? [c.configuration] : [];
for (const configuration of configurations) {
  localise(configuration, 'title', 'configuration.title');
  for (const [name, property] of Object.entries(configuration.properties ?? {})) {
    for (const field of ['description', 'markdownDescription', 'deprecationMessage', 'markdownDeprecationMessage']) localise(property, field, `configuration.${name}.${field}`);
    for (const field of ['enumDescriptions', 'markdownEnumDescriptions']) {
      (property[field] ?? []).forEach((_, i) => localise(property[field], i, `configuration.${name}.${field}.${property.enum?.[i] ?? i}`));
    }
  }
}

if (check) {
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log(`package.nls.json: every manifest string has an entry (${Object.keys(nls).length} keys)`);
} else {
  if (problems.length > 0) throw new Error(problems.join('\n'));
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(nlsPath, `${JSON.stringify(nls, null, 2)}\n`);
  console.log(`package.nls.json: ${Object.keys(nls).length} keys`);
}

const l10nBundle = await extractL10nBundle();
const l10nCount = Object.keys(l10nBundle).length;
if (check) {
  let current = '';
  try {
    current = readFileSync(L10N_BUNDLE, 'utf8');
  } catch {
    // missing: stale
  }
  if (current !== bundleText(l10nBundle)) {
    console.error('l10n/bundle.l10n.json is stale: run node scripts/nls-extract.mjs');
    process.exit(1);
  }
  console.log(`l10n/bundle.l10n.json: up to date (${l10nCount} messages)`);
} else {
  mkdirSync(L10N_DIR, { recursive: true });
  writeFileSync(L10N_BUNDLE, bundleText(l10nBundle));
  console.log(`l10n/bundle.l10n.json: ${l10nCount} messages`);
}
