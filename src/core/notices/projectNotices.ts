import { type Edition, type ReadTheDocsClient } from '../api/client';
import { dismissProjectNotice, unreadProjectNotices } from '../api/endpoints/notifications';
import { type Notification } from '../models/notification';
import { Emitter } from '../util/events';
import { entryKey } from '../workspace/match';
import { countsTowardBadge } from './facts';

/** Which project's notices changed. */
export interface NoticesChange {
  readonly edition: Edition;
  readonly projectSlug: string;
}

/**
 * The unread notices of projects, read when asked (the "This Workspace" view shows or is
 * refreshed), never polled. A dismissal is one PATCH, never retried; the notice goes from the
 * held list once the server said yes.
 */
export class ProjectNotices {
  private readonly lists = new Map<string, { notices: readonly Notification[]; loading?: Promise<readonly Notification[]> }>();
  private readonly changed = new Emitter<NoticesChange>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly editions: { client(edition: Edition): ReadTheDocsClient | undefined }) {}

  /** The held unread notices (no request); undefined until read. */
  held(edition: Edition, projectSlug: string): readonly Notification[] | undefined {
    const entry = this.lists.get(entryKey(edition, projectSlug));
    return entry && !entry.loading ? entry.notices : undefined;
  }

  /** The project's unread notices, read once until `forget` (every page: there are few). */
  async unread(edition: Edition, projectSlug: string): Promise<readonly Notification[]> {
    const key = entryKey(edition, projectSlug);
    const entry = this.lists.get(key);
    if (entry) return entry.loading ?? entry.notices;
    const client = this.editions.client(edition);
    if (!client) return [];
    const loading = client.allItems(unreadProjectNotices(client, projectSlug, { priority: 'background' }), { priority: 'background' });
    const fresh: { notices: readonly Notification[]; loading?: Promise<readonly Notification[]> } = { notices: [], loading };
    this.lists.set(key, fresh);
    try {
      fresh.notices = await loading;
    } catch (error) {
      if (this.lists.get(key) === fresh) this.lists.delete(key);
      throw error;
    }
    delete fresh.loading;
    this.changed.fire({ edition, projectSlug });
    return fresh.notices;
  }

  /** Dismisses a notice: one PATCH (never retried); then it leaves the held list. */
  async dismiss(edition: Edition, projectSlug: string, notice: Pick<Notification, 'id'>): Promise<void> {
    const client = this.editions.client(edition);
    if (!client) return;
    await dismissProjectNotice(client, projectSlug, notice.id, { priority: 'user' });
    const entry = this.lists.get(entryKey(edition, projectSlug));
    if (entry && !entry.loading) entry.notices = entry.notices.filter((n) => n.id !== notice.id);
    this.changed.fire({ edition, projectSlug });
  }

  /** How many held notices of these projects are unread errors or warnings (the view's badge). */
  problemCount(projects: readonly NoticesChange[]): number {
    const keys = new Set(projects.map((p) => entryKey(p.edition, p.projectSlug)));
    let count = 0;
    for (const key of keys) count += (this.lists.get(key)?.notices ?? []).filter(countsTowardBadge).length;
    return count;
  }

  /** Forgets every list (a Refresh); the next `unread` reads again. */
  forget(): void {
    this.lists.clear();
  }

  dispose(): void {
    this.changed.dispose();
    this.lists.clear();
  }
}
