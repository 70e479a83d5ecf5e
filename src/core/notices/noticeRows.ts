import { l10n } from '../l10n';
import { errorDetail } from '../api/describeError';
import { type Logger } from '../log';
import { type Notification, noticeFlags } from '../models/notification';
import { contextValue } from '../tree/contextValues';
import { presentNotice } from '../tree/itemPresenters';
import { type WorkspaceProject } from '../workspace/binding';
import { type SectionRows, type WorkspaceRow, type WorkspaceSection } from '../workspace/section';
import { type ProjectNotices } from './projectNotices';

/** The held unread notices of a project (no request); undefined until read. */
export type HeldNotices = (edition: WorkspaceProject['edition'], projectSlug: string) => readonly Notification[] | undefined;

/**
 * The "Notices" row of a bound project: its unread notices, each presented as in the Projects
 * view's Notices folder (one presenter, one context value); no row until they are read, "none
 * unread" when there are none. Pure.
 */
export function noticeRows(held: HeldNotices): SectionRows {
  return {
    rows: (bound, { parentId }) => {
      const notices = held(bound.edition, bound.project.slug);
      if (!notices) return [];
      const id = `${parentId}/notices`;
      const children = notices.map((notice): WorkspaceRow => {
        const { label, description, tooltip, icon, color } = presentNotice(notice);
        return {
          id: `${id}/notice:${notice.id}`,
          label,
          description,
          tooltip,
          tooltipIsMarkdown: true,
          icon: { id: icon, color },
          contextValue: contextValue('notice', noticeFlags(notice)),
          noticeRef: { edition: bound.edition, projectSlug: bound.project.slug, notice },
        };
      });
      return [{
        id,
        label: l10n.t('Notices'),
        description: notices.length === 0 ? l10n.t('none unread') : undefined,
        icon: { id: notices.length === 0 ? 'bell' : 'bell-dot' },
        children,
      }];
    },
  };
}

/** The notices' section of This Workspace: read with the builds (when the view shows or is refreshed), never polled. */
export function noticesSection(notices: ProjectNotices, logger: Logger): WorkspaceSection {
  return {
    ...noticeRows((edition, slug) => notices.held(edition, slug)),
    onDidChange: (listener) => notices.onDidChange(() => listener()),
    follow: (projects) => {
      for (const bound of projects) {
        if (notices.held(bound.edition, bound.project.slug)) continue;
        notices.unread(bound.edition, bound.project.slug).catch((error: unknown) => logger.warn(`workspace: notices of ${bound.project.slug} not read: ${errorDetail(error)}`));
      }
    },
    forget: () => notices.forget(),
    attentionCount: (projects) => notices.problemCount(projects.map((p) => ({ edition: p.edition, projectSlug: p.project.slug }))),
  };
}
