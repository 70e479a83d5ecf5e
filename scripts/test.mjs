#!/usr/bin/env node
// `npm test`: every tier in order, cheapest first, stopping at the first failure:
//   typecheck → lint → layers → unit (plain Node) → integration (plain Node + sandbox) → extension host.
// A plain-Node tier without any spec file yet is reported as empty and passes; the
// extension-host tier always runs (its smoke test exists) and may never be skipped.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/paths.mjs';
import { run } from './lib/processes.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);
const tiers = [
  { name: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', '.'] },
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  // The import graph against the layers of .dependency-cruiser.mjs (CONTRIBUTING.md "Layers").
  { name: 'layers', command: bin('depcruise'), args: ['src', '--config', '.dependency-cruiser.mjs', '--output-type', 'err-long'] },
  { name: 'unit', command: bin('mocha'), args: ['--config', '.mocharc.unit.json'], mocharc: '.mocharc.unit.json' },
  { name: 'integration', command: bin('mocha'), args: ['--config', '.mocharc.integration.json'], mocharc: '.mocharc.integration.json' },
  { name: 'extension host', command: process.execPath, args: ['scripts/test-extension.mjs'] },
];

const results = [];
let failed;
for (const tier of tiers) {
  const started = Date.now();
  console.log(`\n━━━ ${tier.name} ${'━'.repeat(Math.max(3, 70 - tier.name.length))}`);
  if (tier.mocharc && countSpecs(tier.mocharc) === 0) {
    console.log(`no spec files match ${specPatterns(tier.mocharc).join(', ')} yet: nothing to run`);
    results.push(`${tier.name}: empty`);
    continue;
  }
  try {
    await run(tier.command, tier.args, { cwd: root, shell: process.platform === 'win32' });
    results.push(`${tier.name}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch {
    results.push(`${tier.name}: FAILED (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    failed = tier.name;
    break;
  }
}

console.log(`\n━━━ summary ${'━'.repeat(63)}`);
for (const line of results) console.log(`  ${line}`);
for (const tier of tiers.slice(results.length)) console.log(`  ${tier.name}: not run (stopped at the first failure)`);
if (failed) {
  console.error(`\nnpm test failed in the ${failed} tier.`);
  process.exit(1);
}

// mocha exits with an error on "No test files found", so count the files its config names.
function specPatterns(mocharc) {
  const spec = JSON.parse(readFileSync(join(root, mocharc), 'utf8')).spec;
  return Array.isArray(spec) ? spec : [spec];
}

/** Counts files matching patterns of the form `<dir>/**\/*<suffix>` (the ones our configs use). */
function countSpecs(mocharc) {
  let count = 0;
  for (const pattern of specPatterns(mocharc)) {
    const match = /^(.*?)\/\*\*\/\*([^/*]+)$/.exec(pattern);
    if (!match) return Infinity; // a pattern we don't understand: let mocha decide
    const [, dir, suffix] = match;
    if (!existsSync(join(root, dir))) continue;
    count += readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith(suffix)).length;
  }
  return count;
}
