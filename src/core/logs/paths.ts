import { posix } from 'node:path';
import { hasMarkdownPages } from '../docsLayout/buildTools';
import { type DocsLayout, MKDOCS_CONFIG } from '../docsLayout/layout';
import { objectAt } from '../models/parse';
import { type Json } from '../util/json';

/**
 * Where Read the Docs checks a version out: `/home/docs/checkouts/readthedocs.org/user_builds/<project>/checkouts/<version>/`.
 * Everything after it is relative to the repository root.
 */
const CHECKOUT = /^\/home\/docs\/checkouts\/readthedocs\.(?:org|com)\/user_builds\/[^/]+\/checkouts\/[^/]+\/(.+)$/;
/** Other absolute paths of the builder (the virtualenv, site-packages, /usr/lib): never workspace files. */
const ABSOLUTE = /^(?:\/|[A-Z]:[\\/])/i;

/** The repository-relative path of a path printed in a build log, or undefined when it is outside the checkout. */
export function stripCheckout(printed: string): string | undefined {
  const match = CHECKOUT.exec(printed);
  return match ? normalise(match[1]) : undefined;
}

function normalise(path: string): string | undefined {
  const clean = posix.normalize(path.replace(/\\/g, '/'));
  return clean === '.' || clean.startsWith('../') || clean.startsWith('/') ? undefined : clean;
}

/**
 * Repository-relative candidates for a printed path, best first: a checkout path gives exactly
 * one; a relative path is tried under each tool directory (Sphinx's conf.py folder, MkDocs'
 * docs_dir), then as is; any other absolute path gives none (it stays in the log only).
 */
export function repositoryCandidates(printed: string, baseDirs: readonly string[]): string[] {
  const inCheckout = stripCheckout(printed);
  if (inCheckout) return [inCheckout];
  if (ABSOLUTE.test(printed) || printed === '<unknown>' || printed === '<string>') return [];
  const candidates = [...baseDirs.map((dir) => normalise(posix.join(dir, printed))), normalise(printed)];
  return [...new Set(candidates.filter((c): c is string => c !== undefined))];
}

export interface ToolDirectories {
  /** Folder of Sphinx's conf.py (Sphinx runs there, relative paths start there). */
  readonly sphinx: string | undefined;
  /** MkDocs' configuration file and docs_dir (doc file names are relative to docs_dir). */
  readonly mkdocsConfig: string | undefined;
  readonly mkdocsDocs: string | undefined;
  /** Where griffe's module paths may start: mkdocstrings' python handler `paths`, the repository root last. */
  readonly python: readonly string[];
}

/**
 * Where each tool's relative paths start, from the build's resolved configuration (which config
 * file it read) and the folder's docs layout (`docs_dir` and the handler `paths` of `mkdocs.yml`,
 * which the API does not return; without it, MkDocs' default `docs` beside the config).
 */
export function toolDirectories(config: Json | undefined, layout?: DocsLayout): ToolDirectories {
  const sphinx = objectAt(config, 'sphinx');
  const mkdocs = objectAt(config, 'mkdocs');
  const sphinxConf = typeof sphinx?.configuration === 'string' ? sphinx.configuration : undefined;
  const mkdocsConf = typeof mkdocs?.configuration === 'string' && mkdocs.configuration ? mkdocs.configuration : mkdocs ? MKDOCS_CONFIG : undefined;
  const mkdocsRoot = mkdocsConf ? posix.dirname(mkdocsConf) : undefined;
  const mkdocsLayout = hasMarkdownPages(layout) ? layout : undefined;
  return {
    sphinx: sphinxConf ? posix.dirname(sphinxConf) : layout?.tool === 'sphinx' ? layout.root : undefined,
    mkdocsConfig: mkdocsConf ? normalise(mkdocsConf) : mkdocsLayout?.configFile,
    mkdocsDocs: mkdocsLayout ? mkdocsLayout.root : mkdocsRoot !== undefined ? normalise(posix.join(mkdocsRoot, 'docs')) : undefined,
    python: [...(mkdocsLayout?.pythonPaths ?? []).filter((p) => p !== ''), ''],
  };
}
