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
      // The first palette of a session takes a few seconds to list every command.
      await row.waitFor({ state: 'visible', timeout });
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

  /** The tree rows of the side bar (of the view titled `view` if given), optionally only those whose text contains `text`. */
  treeRows(text, view) {
    const scope = view ? this.pane(view) : this.page.locator('.part.sidebar');
    const rows = scope.locator('.monaco-list-row[role=treeitem]');
    return text ? rows.filter({ hasText: text }) : rows;
  }

  /** A view of the side bar by its title (its header and body). */
  pane(title) {
    return this.page.locator('.part.sidebar .pane').filter({ has: this.page.locator('.pane-header h3.title', { hasText: new RegExp(`^${title}$`) }) });
  }

  /** Expands or collapses a side bar view by clicking its header. */
  async setPaneExpanded(title, expanded) {
    const header = this.pane(title).locator('.pane-header').first();
    await header.waitFor({ state: 'visible' });
    if ((await header.getAttribute('aria-expanded')) !== String(expanded)) await header.click();
    await this.page.waitForTimeout(300);
  }

  /** Types `text` into the open quick pick's filter and accepts the row it puts first. */
  async pickQuickItem(text, timeout = 10_000) {
    const input = this.page.locator('.quick-input-widget:visible .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout });
    const row = this.page.locator('.quick-input-widget:visible .quick-input-list .monaco-list-row', { hasText: text }).first();
    await row.waitFor({ state: 'visible', timeout });
    await input.fill(text);
    await this.page.waitForTimeout(300);
    await this.page.locator('.quick-input-widget:visible .quick-input-list .monaco-list-row.focused').first().click({ timeout: 5_000 });
    await this.page.waitForTimeout(300);
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

  /**
   * Moves the mouse over the middle of the first occurrence of `text` in the active editor and
   * returns the locator of the hover widget (wait for the content you expect: VS Code's own
   * "Follow link" hover may come first). The editor renders a line as spans cut every ~50 characters
   * (and spaces as no-break spaces), so the text is located with a DOM Range, not a selector.
   */
  async hoverText(text, timeout = 15_000) {
    const lines = this.page.locator('.editor-instance .monaco-editor .view-lines');
    await lines.first().waitFor({ state: 'visible', timeout });
    const point = await lines.first().evaluate((root, needle) => {
      for (const line of root.querySelectorAll('.view-line')) {
        const content = (line.textContent ?? '').replaceAll('\u00a0', ' ');
        const start = content.indexOf(needle);
        if (start < 0) continue;
        let target = start + Math.floor(needle.length / 2);
        const walker = globalThis.document.createTreeWalker(line, 4 /* NodeFilter.SHOW_TEXT */);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const length = node.textContent?.length ?? 0;
          if (target < length) {
            const range = globalThis.document.createRange();
            range.setStart(node, target);
            range.setEnd(node, target + 1);
            const rect = range.getBoundingClientRect();
            return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
          }
          target -= length;
        }
      }
      return null;
    }, text);
    if (!point) throw new Error(`"${text}" is not on screen in the active editor`);
    await this.page.mouse.move(point.x, point.y);
    return this.page.locator('.monaco-hover:not(.hidden)').first();
  }

  /**
   * Waits for a notification whose text matches `pattern` and returns it on screen. In
   * code-server 1.139 headless, extension notifications often reach the notification center
   * (and the screen-reader alert) without a toast: then the center is opened to show it.
   */
  async waitForNotification(pattern, timeout = 30_000) {
    const toast = this.page.locator('.notifications-toasts .notification-list-item').filter({ hasText: pattern }).first();
    const alert = this.page.locator('.monaco-aria-container .monaco-alert').filter({ hasText: pattern }).first();
    await toast.or(alert).first().waitFor({ state: 'attached', timeout });
    if (await toast.isVisible()) return toast;
    await this.runCommand('Notifications: Show Notifications');
    const item = this.page.locator('.notifications-center .notification-list-item').filter({ hasText: pattern }).first();
    await item.waitFor({ state: 'visible', timeout: 5_000 });
    await this.page.waitForTimeout(500); // let the palette finish fading out
    return item;
  }

  /** Closes quick inputs, hovers and menus. */
  async dismiss() {
    for (let i = 0; i < 2; i++) await this.page.keyboard.press('Escape');
  }

  /** Closes every editor, so a picture shows only the one its journey opens. */
  async closeEditors() {
    await this.runCommand('View: Close All Editors');
    await this.page.waitForTimeout(300);
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
