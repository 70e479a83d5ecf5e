// Driving the VS Code workbench in a Playwright page the way a person would: the command
// palette, the activity bar, tree rows, the quick input, hovers, notifications, screenshots.
// Selectors are the workbench's own DOM (stable across VS Code releases for years):
// `.monaco-list-row[role=treeitem]`, `.quick-input-widget`, `.notification-list-item`.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { waitForWorkbench } from './browser.mjs';

/** Thrown when a journey cannot run yet (a command or a view is missing): a warning, not a failure. */
export class Skip extends Error {}

export class Workbench {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
  }

  /** Waits for the workbench and for the extension host to have started. */
  async ready(timeout = 90_000) {
    await waitForWorkbench(this.page, timeout);
    // The status bar fills in once the extension host is up; give restored views a moment.
    await this.page.waitForSelector('.part.statusbar .statusbar-item', { timeout });
    await this.page.waitForTimeout(1_000);
  }

  /** Runs a command through F1 by its palette title ("Category: Title"); Skip if none matches. */
  async runCommand(title, { timeout = 10_000 } = {}) {
    await this.dismiss();
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout });
    await input.fill(`>${title}`);
    const row = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: title }).first();
    try {
      await row.waitFor({ state: 'visible', timeout: 5_000 });
    } catch {
      await this.page.keyboard.press('Escape');
      throw new Skip(`no command "${title}" in the palette`);
    }
    await row.click();
  }

  /**
   * Opens a view container by its title from the activity bar. Its icon appears only once the
   * extension host has registered the extension's contributions, which can take a while after
   * the workbench shows, hence the generous wait.
   */
  async openViewContainer(title, timeout = 60_000) {
    const item = this.page.locator(`.part.activitybar .action-item a[aria-label^="${title}"]`).first();
    await item.waitFor({ state: 'visible', timeout });
    const selected = await item.evaluate((el) => el.closest('.action-item')?.classList.contains('checked') ?? false);
    if (!selected) await item.click();
    await this.page.locator('.part.sidebar').waitFor({ state: 'visible' });
  }

  /** The tree rows of the side bar, optionally only those whose text contains `text`. */
  treeRows(text) {
    const rows = this.page.locator('.part.sidebar .monaco-list-row[role=treeitem]');
    return text ? rows.filter({ hasText: text }) : rows;
  }

  /** Waits until the side bar shows at least one tree row. */
  async waitForTreeRows(timeout = 30_000) {
    await this.treeRows().first().waitFor({ state: 'visible', timeout });
  }

  /** Expands a collapsed row (no-op if expanded or a leaf) and waits for its children to load. */
  async expand(row, timeout = 15_000) {
    if ((await row.getAttribute('aria-expanded')) !== 'false') return;
    const handle = await row.elementHandle();
    await row.locator('.monaco-tl-twistie').click();
    await this.page.waitForFunction((el) => el.getAttribute('aria-expanded') === 'true', handle, { timeout });
    await this.waitForTreeIdle(timeout);
  }

  /** Waits until no tree row shows the loading twistie (async children being fetched). */
  async waitForTreeIdle(timeout = 15_000) {
    await this.page.waitForTimeout(200);
    await this.page.waitForFunction(
      () => !globalThis.document.querySelector('.part.sidebar .monaco-tl-twistie.codicon-tree-item-loading, .part.sidebar .monaco-tl-twistie.loading, .part.sidebar .monaco-progress-container.active'),
      undefined,
      { timeout },
    );
  }

  /**
   * Accepts the focused item of each quick pick that opens, at most `max` of them: waits
   * `timeout` for the first, `nextTimeout` for the following ones. Clicks rather than pressing
   * Enter: the Enter that closes the last pick would also reach the editor that gets focus.
   */
  async acceptQuickPicks(max = 3, timeout = 10_000, nextTimeout = 2_000) {
    for (let i = 0; i < max; i++) {
      const row = this.page.locator('.quick-input-widget:visible .quick-input-list:visible .monaco-list-row.focused:visible').first();
      try {
        await row.waitFor({ state: 'visible', timeout: i === 0 ? timeout : nextTimeout });
      } catch {
        return i;
      }
      await row.click({ timeout: 5_000 });
      await this.page.waitForTimeout(300);
    }
    return max;
  }

  /** Opens a workspace file through Quick Open. */
  async openFile(relativePath) {
    await this.dismiss();
    await this.page.keyboard.press('Control+P');
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible' });
    await input.fill(relativePath);
    const row = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: relativePath.split('/').pop() }).first();
    await row.click(); // not Enter: it would reach the editor as well, as a new line

    await this.page.locator('.editor-instance .monaco-editor .view-lines').first().waitFor({ state: 'visible' });
  }

  /** Hovers the first token containing `text` in the active editor; returns the hover widget. */
  async hoverText(text, timeout = 15_000) {
    // Lines are `.view-line > span > span` (one inner span per token): hover the token itself.
    const span = this.page.locator('.editor-instance .monaco-editor .view-line > span > span', { hasText: text }).first();
    await span.waitFor({ state: 'visible', timeout });
    await span.hover();
    const hover = this.page.locator('.monaco-hover:visible .monaco-hover-content').first();
    await hover.waitFor({ state: 'visible', timeout });
    return hover;
  }

  /** Waits for a notification toast whose text matches `pattern`. */
  async waitForNotification(pattern, timeout = 30_000) {
    const toast = this.page.locator('.notifications-toasts .notification-list-item').filter({ hasText: pattern }).first();
    await toast.waitFor({ state: 'visible', timeout });
    return toast;
  }

  /** Closes quick inputs, hovers and menus. */
  async dismiss() {
    for (let i = 0; i < 2; i++) await this.page.keyboard.press('Escape');
  }

  async clearNotifications() {
    await this.runCommand('Notifications: Clear All Notifications').catch(() => undefined);
  }

  /** Saves a PNG of the whole window (or of `locator`) to `path`. */
  async screenshot(path, locator) {
    await mkdir(dirname(path), { recursive: true });
    if (locator) await locator.screenshot({ path });
    else await this.page.screenshot({ path });
    return path;
  }
}
