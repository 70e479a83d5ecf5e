import * as vscode from 'vscode';
import { BUILD_TOOLS, type BuildTool, type SiteOutput, buildTool, configGlob, siteOutputsOf } from '../../core/docsLayout/buildTools';
import { EXTRA_EXTENSIONS, type ExtraFormat } from '../../core/upload/artifacts';
import { pathInside } from '../../core/util/paths';
import { docsLayoutOf } from '../docsLayout';
import { pathExists, readFolderFile } from '../folderFiles';
import { findInFolder, findInOutput } from '../folderSearch';
import { type Ui } from '../ui/ui';

const MAX_FOUND = 50;
const MAX_MAKEFILE_BYTES = 64 * 1024;
/** Extra files offered per build (a LaTeX folder holds one PDF; more is a list to choose from). */
const MAX_EXTRAS = 20;

export interface ChosenOutput {
  /** The HTML root. */
  readonly html: vscode.Uri;
  readonly extras: Partial<Record<ExtraFormat, string[]>>;
  readonly candidate?: SiteOutput;
}

/**
 * Where a folder's site is built to, from how it builds (whether it is built or not): the docs
 * layout's config first (the one `.readthedocs.yaml` names), then each tool's configs found.
 */
export async function siteOutputs(folder: vscode.Uri): Promise<SiteOutput[]> {
  const layout = await docsLayoutOf(folder);
  const [makefiles, ...found] = await Promise.all([
    findInFolder(folder, '**/Makefile', MAX_FOUND),
    ...BUILD_TOOLS.map(async (tool) => (await findInFolder(folder, configGlob(tool), MAX_FOUND)).map((f) => ({ tool, path: f.path }))),
  ]);
  const configs: { tool: BuildTool; path: string }[] = layout?.configFile ? [{ tool: buildTool(layout.tool), path: layout.configFile }] : [];
  for (const config of found.flat()) if (!configs.some((c) => c.tool === config.tool && c.path === config.path)) configs.push(config);
  const read = (path: string, maxChars: number | undefined) => (maxChars === undefined ? undefined : readFolderFile(vscode.Uri.joinPath(folder, path), maxChars));
  return siteOutputsOf(
    await Promise.all(configs.map(async ({ tool, path }) => ({ tool: tool.id, config: { path, text: await read(path, tool.configChars) } }))),
    await Promise.all(makefiles!.map(async (f) => ({ path: f.path, text: await read(f.path, MAX_MAKEFILE_BYTES) }))),
  );
}

/** The built sites of a folder that exist (an `index.html` at their top). */
export async function builtSites(folder: vscode.Uri): Promise<SiteOutput[]> {
  const candidates = await siteOutputs(folder);
  const built = await Promise.all(candidates.map(async (c) => (await pathExists(vscode.Uri.joinPath(folder, c.html, 'index.html')) ? c : undefined)));
  return built.filter((c): c is SiteOutput => c !== undefined);
}

/**
 * The built site to upload: the one found, else asked (several found, or none: a folder picker),
 * then the PDF, ePub and HTML zip found beside it, offered (one of each at most is taken).
 */
export async function chooseOutput(ui: Ui, folder: vscode.Uri, preset?: vscode.Uri): Promise<ChosenOutput | undefined> {
  if (preset) return { html: preset, extras: {} };
  const sites = await builtSites(folder);
  let chosen: SiteOutput | undefined = sites.length === 1 ? sites[0] : undefined;
  if (!chosen) {
    const other = vscode.l10n.t('Choose a Folder…');
    const items = [
      ...sites.map((site) => ({ label: site.html, description: site.tool, site })),
      { label: `$(folder-opened) ${other}`, site: undefined },
    ];
    const picked = await ui.quickPick(items, {
      title: vscode.l10n.t('Upload Local Build'),
      placeHolder: sites.length ? vscode.l10n.t('Which built site? (its folder has index.html at the top)') : vscode.l10n.t('No built site found (Sphinx _build/html, MkDocs site/): choose the HTML folder'),
    });
    if (!picked) return undefined;
    if (!picked.site) {
      const uris = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: false, defaultUri: folder, openLabel: vscode.l10n.t('Upload This Folder') });
      return uris?.[0] ? { html: uris[0], extras: {} } : undefined;
    }
    chosen = picked.site;
  }
  const html = vscode.Uri.joinPath(folder, chosen.html);
  const extras = chosen.extrasUnder ? await chooseExtras(ui, folder, chosen.extrasUnder) : {};
  return extras && { html, extras, candidate: chosen };
}

async function chooseExtras(ui: Ui, folder: vscode.Uri, under: string): Promise<Partial<Record<ExtraFormat, string[]>> | undefined> {
  const files = (await findInOutput(vscode.Uri.joinPath(folder, under), '{latex,epub,htmlzip,pdf}/*.{pdf,epub,zip}', MAX_EXTRAS)).map((f) => f.uri);
  if (!files.length) return {};
  const formatOf = (uri: vscode.Uri): ExtraFormat | undefined => (Object.keys(EXTRA_EXTENSIONS) as ExtraFormat[]).find((f) => uri.path.toLowerCase().endsWith(EXTRA_EXTENSIONS[f]));
  const seen = new Set<ExtraFormat>();
  const items = files.flatMap((uri) => {
    const format = formatOf(uri);
    if (!format) return [];
    // The first of each format is picked; the person may pick another (one each is taken).
    const picked = !seen.has(format);
    seen.add(format);
    return [{ label: pathInside(folder.path, uri.path) ?? uri.fsPath, description: format.toUpperCase(), picked, uri, format }];
  });
  const chosen = await ui.quickPickMany(items, { title: vscode.l10n.t('Upload Local Build'), placeHolder: vscode.l10n.t('Also upload these downloads? (one PDF, one ePub, one HTML zip at most)') });
  if (!chosen) return undefined;
  const extras: Partial<Record<ExtraFormat, string[]>> = {};
  for (const item of chosen) (extras[item.format] ??= []).push(item.uri.fsPath);
  return extras;
}
