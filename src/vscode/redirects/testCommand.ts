import * as vscode from 'vscode';
import { checkRedirectsFile, hasErrors } from '../../core/redirects/checkFile';
import { parseRedirectsFile } from '../../core/redirects/fileFormat';
import { type RedirectRule, ruleLabel, ruleOfRedirect } from '../../core/redirects/rule';
import { type RedirectTest, type Verdict, testRedirects } from '../../core/redirects/tester';
import { type DocsNode } from '../../core/tree/nodes';
import { withProgress } from '../ui/progress';
import { type RedirectsServices, displayName, findRedirectsFile, readText, resolveRedirectsProject } from './target';
import { type RedirectsFileTypes } from './fileTypes';
import { hasWebScheme } from '../../core/validation/urls';

const VERDICT_ICONS: Record<Verdict, string> = {
  fires: '$(arrow-right)', loops: '$(sync)', shadowed: '$(eye-closed)', disabled: '$(circle-slash)', 'no-match': '$(dash)', 'not-for-this-path': '$(dash)',
};

/**
 * `readthedocs.testRedirect`: a docs URL or path, run through Read the Docs' own order and
 * matching rules on the server's list or on the redirects file; says which rule fires and how, or why none does.
 */
export async function testRedirectUrl(services: RedirectsServices, types: RedirectsFileTypes, node?: DocsNode): Promise<RedirectTest | undefined> {
  const target = await resolveRedirectsProject(services, vscode.l10n.t('Test a URL against the redirects of which project?'), node);
  if (!target) return undefined;
  const found = await findRedirectsFile(target.folder);
  const file = found && 'uri' in found ? found : undefined;
  let useFile = false;
  if (file?.exists) {
    const source = await services.ui.current.quickPick([
      { label: vscode.l10n.t('On Read the Docs'), description: vscode.l10n.t('the live redirects of {0}', target.projectSlug), file: false },
      { label: vscode.l10n.t('In {0}', displayName(file.uri)), description: vscode.l10n.t('as if the file were applied'), file: true },
    ], { placeHolder: vscode.l10n.t('Test against which redirects?') });
    if (!source) return undefined;
    useFile = source.file;
  }
  const url = await services.ui.current.inputBox({
    title: vscode.l10n.t('Test a URL Against the Redirects of {0}', target.projectSlug),
    prompt: vscode.l10n.t('A documentation URL or path, for example /en/latest/old-page.html'),
    placeHolder: '/en/latest/old-page.html',
    validateInput: (text) => (text.trim() === '' ? vscode.l10n.t('Enter a URL or a path starting with /.') : (hasWebScheme(text.trim(), true) || text.trim().startsWith('/')) ? undefined : vscode.l10n.t('Start with / or http(s)://.')),
  });
  if (url === undefined) return undefined;
  const { client, projectSlug: slug } = target;
  const [rules, project, translations] = await withProgress(vscode.l10n.t('Reading the redirects of {0}…', slug), () => Promise.all([
    useFile && file ? rulesOfFile(services, file.uri, types.of(file.uri)) : client.allItems(client.redirects.list(slug, { priority: 'user' }), { priority: 'user' }).then((list) => list.map(ruleOfRedirect)),
    target.project ?? client.projects.get(slug, {}, { priority: 'user' }),
    // Paths in a translation's language are served (and redirected) by the translation.
    client.allItems(client.projects.translations(slug, { priority: 'user' }), { priority: 'user' }),
  ]));
  if (!rules) return undefined;
  const result = testRedirects(url.trim(), rules, {
    language: project.language.code,
    defaultVersion: project.defaultVersion ?? 'latest',
    versioningScheme: project.versioningScheme,
    singleVersion: project.singleVersion,
    translationLanguages: translations.map((t) => t.language.code),
  });
  services.logger.info(`redirects: tested ${url.trim()} against ${useFile && file ? displayName(file.uri) : `${slug} on the server`}: ${result.summary}`);
  const choice = await services.ui.current.info(result.summary, ...(rules.length ? [vscode.l10n.t('Show Every Rule')] : []));
  if (choice === vscode.l10n.t('Show Every Rule')) {
    await services.ui.current.quickPick(result.rules.map((r) => ({
      label: `${VERDICT_ICONS[r.verdict]} ${r.index + 1}. ${ruleLabel(r.rule)}`,
      description: r.verdict,
      detail: r.reason,
    })), { placeHolder: vscode.l10n.t('{0}: every rule, in order', url.trim()) });
  }
  return result;
}

async function rulesOfFile(services: RedirectsServices, uri: vscode.Uri, serverTypes: readonly string[] | undefined): Promise<RedirectRule[] | undefined> {
  const parsed = parseRedirectsFile(await readText(uri));
  const problems = checkRedirectsFile(parsed, undefined, serverTypes);
  if (hasErrors(problems)) {
    void services.ui.current.error(vscode.l10n.t('{0} has problems to fix first (see the Problems panel): {1}', displayName(uri), problems.find((p) => p.severity === 'error')!.message));
    return undefined;
  }
  return parsed.entries.map((e) => e.rule);
}
