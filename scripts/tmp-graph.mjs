import * as esbuild from 'esbuild';
import { commonOptions } from './lib/bundles.mjs';
const cut = process.argv.slice(2);
const r = await esbuild.build({ ...commonOptions(true), entryPoints: { startup: 'src/extension.ts' }, outdir: '/tmp/g', write: false, metafile: true, external: ['vscode','undici','parse5'],
  plugins: [{ name: 'x', setup(b) { b.onResolve({ filter: /.*/ }, async (a) => { if (a.pluginData) return; const res = await b.resolve(a.path, { kind: a.kind, importer: a.importer, resolveDir: a.resolveDir, pluginData: 1 }); const k = res.path.replace('/work/wt/startup/', ''); if (cut.includes(k) || (a.kind==='dynamic-import' && k.startsWith('src/'))) return { path: k, external: true }; }); } }] });
const o = Object.values(r.metafile.outputs)[0];
const by = {}; for (const [k, v] of Object.entries(o.inputs)) { const d = k.split('/').slice(0, 3).join('/'); by[d] = (by[d] ?? 0) + v.bytesInOutput; }
console.log(Object.entries(by).sort((a, b) => b[1] - a[1]).map(x => x.join(' ')).join('\n'));
console.log('total', o.bytes);
