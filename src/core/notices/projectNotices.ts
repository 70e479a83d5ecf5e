import { type Edition, type ReadTheDocsClient } from '../api/client';
import { dismissProjectNotice, unreadProjectNotices } from '../api/endpoints/notifications';
import { type Notification } from '../models/notification';
import { Emitter } from '../util/events';
import { countsTowardBadge } from './facts';

interface Entry { notices: readonly Notification[]; loading?: Promise<readonly Notification[]> }

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
  /** Per edition, per project slug. */
  private readonly lists = new Map<Edition, Map<string, Entry>>();
  private readonly changed = new Emitter<NoticesChange>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly editions: { client(edition: Edition): ReadTheDocsClient | undefined }) {}

  /** The held unread notices (no request); undefined until read. */
  held(edition: Edition, projectSlug: string): readonly Notification[] | undefined {
    const entry = this.lists.get(edition)?.get(projectSlug);
    return entry && !entry.loading ? entry.notices : undefined;
  }

  /** The project's unread notices, read once until `forget` (every page: there are few). */
  async unread(edition: Edition, projectSlug: string): Promise<readonly Notification[]> {
    const projects = this.lists.get(edition) ?? new Map<string, Entry>();
    this.lists.set(edition, projects);
    const entry = projects.get(projectSlug);
    if (entry) return entry.loading ?? entry.notices;
    const client = this.editions.client(edition);
    if (!client) return [];
    const loading = client.allItems(unreadProjectNotices(client, projectSlug, { priority: 'background' }), { priority: 'background' });
    const fresh: Entry = { notices: [], loading };
    projects.set(projectSlug, fresh);
    try {
      fresh.notices = await loading;
    } catch (error) {
      if (projects.get(projectSlug) === fresh) projects.delete(projectSlug);
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
    const entry = this.lists.get(edition)?.get(projectSlug);
    if (entry && !entry.loading) entry.notices = entry.notices.filter((n) => n.id !== notice.id);
    this.changed.fire({ edition, projectSlug });
  }

  /** How many held notices of these projects are unread errors or warnings (the view's badge). */
  problemCount(projects: readonly NoticesChange[]): number {
    const counted = new Set<Entry>();
    for (const p of projects) {
      const entry = this.lists.get(p.edition)?.get(p.projectSlug);
      if (entry && !entry.loading) counted.add(entry);
    }
    return [...counted].reduce((sum, entry) => sum + entry.notices.filter(countsTowardBadge).length, 0);
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
