/**
 * Where a folder's built site is, from how it builds (no build is run): Sphinx's `_build/html`
 * beside `conf.py` or the `BUILDDIR` of a Makefile beside it or one folder up, MkDocs' `site_dir`
 * (default `site`) beside `mkdocs.yml`, Zensical's `site/` beside `zensical.toml`. Paths are
 * relative to the folder; one that leads out is dropped.
 */
import { posix } from 'node:path';
import { readMkdocsYaml } from '../docsLayout/mkdocsYaml';
import { pathInside } from '../util/paths';

export interface BuildFacts {
  /** `conf.py` paths, relative to the folder. */
  readonly sphinxConfigs: readonly string[];
  /** Makefiles (path relative to the folder, text) that may name `BUILDDIR`. */
  readonly makefiles: readonly { readonly path: string; readonly text: string | undefined }[];
  /** `mkdocs.yml` paths and their text. */
  readonly mkdocsConfigs: readonly { readonly path: string; readonly text: string | undefined }[];
  /** `zensical.toml` paths. */
  readonly zensicalConfigs: readonly string[];
}

export interface OutputCandidate {
  /** The HTML root to check for `index.html`. */
  readonly html: string;
  /** Where the extra formats of the same build are looked for (Sphinx: the build folder; `latex/`, `epub/` under it). */
  readonly extrasUnder?: string;
  readonly tool: 'sphinx' | 'mkdocs' | 'zensical';
  /** The configuration it is built from (`conf.py`, `mkdocs.yml`, `zensical.toml`), relative to the folder. */
  readonly config: string;
}

const BUILDDIR = /^BUILDDIR[ \t]*[?:]?=[ \t]*(\S+)/m;

export function outputCandidates(facts: BuildFacts): OutputCandidate[] {
  const out: OutputCandidate[] = [];
  for (const conf of facts.sphinxConfigs) {
    const dir = posix.dirname(conf) === '.' ? '' : posix.dirname(conf);
    for (const buildDir of sphinxBuildDirs(dir, facts.makefiles)) out.push({ html: join(buildDir, 'html'), extrasUnder: buildDir, tool: 'sphinx', config: conf });
  }
  for (const { path, text } of facts.mkdocsConfigs) {
    const config = readMkdocsYaml(text ?? '');
    const siteDir = typeof config?.site_dir === 'string' && config.site_dir ? config.site_dir : 'site';
    out.push({ html: join(folderOf(path), siteDir), tool: 'mkdocs', config: path });
  }
  for (const path of facts.zensicalConfigs) out.push({ html: join(folderOf(path), 'site'), tool: 'zensical', config: path });
  const seen = new Set<string>();
  return out.filter((c) => {
    const inside = pathInside('', c.html);
    if (inside === undefined || inside === '' || seen.has(inside)) return false;
    seen.add(inside);
    return true;
  }).map((c) => ({ ...c, html: pathInside('', c.html)! }));
}

/** `_build` beside `conf.py`, and each `BUILDDIR` of a Makefile in its folder or the one above (sphinx-quickstart's `source/` layout). */
function sphinxBuildDirs(confDir: string, makefiles: BuildFacts['makefiles']): string[] {
  const dirs = [join(confDir, '_build')];
  const parent = confDir === '' ? undefined : folderOf(confDir);
  for (const { path, text } of makefiles) {
    const at = folderOf(path);
    if (at !== confDir && at !== parent) continue;
    const named = text ? BUILDDIR.exec(text)?.[1] : undefined;
    if (named && !named.includes('$')) dirs.push(join(at, named));
  }
  return dirs;
}

function folderOf(path: string): string {
  const dir = posix.dirname(path);
  return dir === '.' ? '' : dir;
}

function join(dir: string, name: string): string {
  return dir ? posix.join(dir, name) : posix.normalize(name);
}
