import * as vscode from 'vscode';
import { noticesSection } from '../../core/notices/noticeRows';
import { type BoundProjects } from '../../core/workspace/boundProject';
import { type WorkspaceSection } from '../../core/workspace/section';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { registerCompareUsedConfig } from './compareUsedConfig';
import { registerNoticeCommands } from './noticeCommands';

/** Project notices: their section of This Workspace, Dismiss, and the used-config comparison. */
export class NoticeFeatures extends Disposable {
  readonly section: WorkspaceSection;

  constructor(private readonly services: Services) {
    super();
    this.section = noticesSection(services.notices, services.logger);
    for (const disposable of registerNoticeCommands(services)) this.register(disposable);
  }

  /** Compare with the Configuration Read the Docs Used, which finds the bound project's file. */
  followBoundProjects(bound: BoundProjects): vscode.Disposable {
    return vscode.Disposable.from(...registerCompareUsedConfig(this.services, bound));
  }
}
