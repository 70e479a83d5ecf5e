import { noticesSection } from '../../core/notices/noticeRows';
import { type WorkspaceSection } from '../../core/workspace/section';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { registerCompareUsedConfig } from './compareUsedConfig';
import { registerNoticeCommands } from './noticeCommands';

/** Project notices: their section of This Workspace, Dismiss, and the used-config comparison. */
export class NoticeFeatures extends Disposable {
  readonly section: WorkspaceSection;

  constructor(services: Services) {
    super();
    this.section = noticesSection(services.notices, services.logger);
    for (const disposable of [...registerNoticeCommands(services), ...registerCompareUsedConfig(services)]) this.register(disposable);
  }
}
