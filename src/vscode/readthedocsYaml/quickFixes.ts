import * as vscode from 'vscode';
import { buildTool, configGlob } from '../../core/docsLayout/buildTools';
import { addFormatEdit, parseConfig, valueSpan } from '../../core/readthedocsYaml/checkConfig';
import { type ConfigFileKind } from '../../core/readthedocsYaml/serverRules';
import { yamlScalar } from '../../core/util/yamlScalar';
import { findInFolder } from '../folderSearch';
import { RULES_SOURCE, type ConfigRuleDiagnostics } from './ruleDiagnostics';

/** The files a "use this file" fix offers for a path key, and how many at most. */
const FILES_OF_KIND: Partial<Record<ConfigFileKind, string>> = {
  sphinx: configGlob(buildTool('sphinx')),
  mkdocs: configGlob(buildTool('mkdocs')),
  requirements: '**/*requirements*.{txt,in}',
  conda: '**/{environment,env,conda}*.{yml,yaml}',
};
const MAX_OFFERED = 8;

/** Documents the fixes apply to (which one is the folder's configuration, the diagnostics decide). */
export const CONFIG_DOCUMENTS: vscode.DocumentSelector = [{ scheme: 'file', pattern: '**/{.readthedocs,readthedocs}.{yaml,yml}' }];

/**
 * Quick fixes on the server's rules: "Add pdf to formats" for a build job whose format is not
 * built, "Use docs/conf.py" (each existing file of the kind, a few) for a path that does not exist.
 */
export class ConfigRuleFixes implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly diagnostics: ConfigRuleDiagnostics) {}

  async provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext, token: vscode.CancellationToken): Promise<vscode.CodeAction[]> {
    const ours = context.diagnostics.filter((d) => d.source === RULES_SOURCE && typeof d.code === 'string');
    if (ours.length === 0) return [];
    const findings = this.diagnostics.findingsOf(document.uri);
    const text = document.getText();
    const parsed = parseConfig(text);
    if (!parsed) return [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of ours) {
      const finding = findings.find((f) => f.finding.id === diagnostic.code && f.diagnostic.range.isEqual(diagnostic.range))?.finding;
      const fix = finding?.fix;
      if (!finding || !fix) continue;
      if (fix.kind === 'addFormat') {
        const edit = addFormatEdit(text, parsed, fix.format);
        if (edit) actions.push(actionOf(vscode.l10n.t('Add {0} to formats', fix.format), diagnostic, document, edit));
        continue;
      }
      const pattern = FILES_OF_KIND[fix.fileKind];
      const span = valueSpan(parsed, finding.key);
      const folder = vscode.workspace.getWorkspaceFolder(document.uri)?.uri;
      if (!pattern || !span || !folder) continue;
      const paths = (await findInFolder(folder, pattern, MAX_OFFERED, token)).map((found) => found.path).sort();
      for (const path of paths) {
        actions.push(actionOf(vscode.l10n.t('Use {0}', path), diagnostic, document, { ...span, text: yamlScalar(path) }));
      }
    }
    return actions;
  }
}

function actionOf(title: string, diagnostic: vscode.Diagnostic, document: vscode.TextDocument, edit: { start: number; end: number; text: string }): vscode.CodeAction {
  const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
  action.diagnostics = [diagnostic];
  action.edit = new vscode.WorkspaceEdit();
  action.edit.replace(document.uri, new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)), edit.text);
  return action;
}
