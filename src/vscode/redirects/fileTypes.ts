import * as vscode from 'vscode';
import { type Logger } from '../../core/log';
import { serverRedirectTypes } from '../../core/manage/redirects';
import { type ProjectTarget } from '../tree/pickers';
import { Disposable } from '../lifecycle';

/**
 * The redirect types the server of each redirects file takes (its OPTIONS answer), learnt when a
 * command reads it for that file: the file's checks (diagnostics, Apply, the tester) accept them,
 * so a file exported from an older server (`prefix`, `sphinx_html`) is not marked wrong.
 */
export class RedirectsFileTypes extends Disposable {
  private readonly byFile = new Map<string, readonly string[]>();
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  /** The types learnt for the file; undefined until a command asked its server. */
  of(uri: vscode.Uri): readonly string[] | undefined {
    return this.byFile.get(uri.toString());
  }

  /** Asks the project's server (one OPTIONS request) and keeps its answer for the file. */
  async learn(uri: vscode.Uri, project: Pick<ProjectTarget, 'client' | 'projectSlug'>, logger: Logger): Promise<readonly string[]> {
    const types = (await serverRedirectTypes(project.client, project.projectSlug, logger)).map((choice) => choice.code);
    this.byFile.set(uri.toString(), types);
    this.changed.fire(uri);
    return types;
  }
}
