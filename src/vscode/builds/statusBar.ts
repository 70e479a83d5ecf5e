import * as vscode from 'vscode';
import { type RequestBudget } from '../../core/api/budget';
import { rateLimitedText, runningBuildsStatus } from '../../core/builds/statusText';
import { CommandIds } from '../../core/commandIds';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';

/** What the running-builds indicator needs of a status bar item (VS Code's own fits). */
export type StatusItem = Pick<vscode.StatusBarItem, 'name' | 'command' | 'text' | 'tooltip' | 'accessibilityInformation' | 'show' | 'hide' | 'dispose'>;

/**
 * `$(sync~spin) Read the Docs: N building` while watched builds run, whoever watches them (a
 * trigger, or the tree showing a running build), so it always agrees with the tree; a click
 * reveals them. Hidden otherwise.
 */
export class RunningBuildsStatus extends Disposable {
  private readonly item: StatusItem;

  constructor(
    private readonly services: Pick<Services, 'builds' | 'known'>,
    createItem: () => StatusItem = () => vscode.window.createStatusBarItem('readthedocs.runningBuilds', vscode.StatusBarAlignment.Left, 10),
  ) {
    super();
    this.item = this.register(createItem());
    this.item.name = vscode.l10n.t('Read the Docs: Running Builds');
    this.item.command = CommandIds.showRunningBuilds;
    // The watcher says when a build starts or stops being watched, and when one changes state.
    this.register(services.builds.onDidChangeRunning(() => this.update()));
    this.register(services.builds.onDidUpdate(() => this.update()));
    // A wait for a free builder or a running command reads differently at each poll.
    this.register(services.known.onDidChange(() => this.update()));
    this.update();
  }

  private update(): void {
    const status = runningBuildsStatus(this.services.builds.running, (w) => this.services.known.of(w.edition, w.projectSlug, w.build));
    if (!status) {
      this.item.hide();
      return;
    }
    this.item.text = status.text;
    this.item.tooltip = status.tooltip;
    this.item.accessibilityInformation = { label: status.accessibilityLabel, role: 'button' };
    this.item.show();
  }
}

/**
 * "rate limited, retrying in N s" while any edition's request budget waits for a 429's or 503's
 * Retry-After (the requests wait and then go out on their own; no error storm).
 */
export class RateLimitStatus extends Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions = new Map<RequestBudget, { dispose(): void }>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly services: Services) {
    super();
    this.item = this.register(vscode.window.createStatusBarItem('readthedocs.rateLimit', vscode.StatusBarAlignment.Left, 9));
    this.item.name = vscode.l10n.t('Read the Docs: Rate Limit');
    this.item.tooltip = vscode.l10n.t('Read the Docs asked to wait ("too many requests" or "service unavailable"; at most 10 minutes). Waiting requests go out by themselves when the wait is over.');
    this.register(services.editions.onDidChange(() => this.subscribe()));
    this.register({ dispose: () => { this.stopTimer(); for (const s of this.subscriptions.values()) s.dispose(); this.subscriptions.clear(); } });
    this.subscribe();
  }

  /** Follows the budgets of the current clients (a base URL change replaces a client). */
  private subscribe(): void {
    const budgets = new Set(this.services.editions.configured.map((e) => this.services.editions.client(e)?.budget).filter((b): b is RequestBudget => !!b));
    for (const [budget, subscription] of this.subscriptions) {
      if (!budgets.has(budget)) { subscription.dispose(); this.subscriptions.delete(budget); }
    }
    for (const budget of budgets) {
      if (!this.subscriptions.has(budget)) this.subscriptions.set(budget, budget.onDidChangeState(() => this.update()));
    }
    this.update();
  }

  private pausedUntil(): number | undefined {
    let until: number | undefined;
    for (const budget of this.subscriptions.keys()) {
      const paused = budget.state.pausedUntil;
      if (paused !== undefined && (until === undefined || paused > until)) until = paused;
    }
    return until;
  }

  private update(): void {
    const until = this.pausedUntil();
    const now = Date.now();
    if (until === undefined || until <= now) {
      this.item.hide();
      this.stopTimer();
      return;
    }
    this.item.text = rateLimitedText(until, now);
    this.item.accessibilityInformation = { label: this.item.text.replace(/^\$\([^)]*\)\s*/, '') };
    this.item.show();
    this.timer ??= setInterval(() => this.update(), 1000);
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
