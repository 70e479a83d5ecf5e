import { type Clock, realClock } from '../util/clock';
import { Disposables } from '../util/disposables';
import { type Disposable, type Event } from '../util/events';

/** A minute: the smallest step of a relative time (`3 minutes ago`). */
const MINUTE_MS = 60_000;

/**
 * Keeps "3 minutes ago" true without a request (the view and the clock are passed in). Rows are
 * drawn with the time of drawing, so any redraw the tree does anyway (a refresh, a watched build
 * moving on, an expansion) is fresh.
 * Finished rows nobody redraws would go stale, so once a minute, and only while the view is
 * visible, each drawn row whose words say how long ago something was is described again from
 * what the model already holds; only the rows whose words changed are redrawn. A hidden view
 * runs no timer; when it shows again the check runs at once.
 */
export class AgeingRows<T> implements Disposable {
  /** Row id → the element the view holds and the description drawn, for rows whose description ages. */
  private readonly drawn = new Map<string, { readonly element: T; readonly description: string | undefined }>();
  private timer: { clear(): void } | undefined;
  private readonly owned = new Disposables();

  constructor(
    /** The view (a `vscode.TreeView` fits). */
    view: { readonly visible: boolean; readonly onDidChangeVisibility: Event<{ readonly visible: boolean }> },
    /** The row's description as it would be drawn now; undefined when the row is gone. */
    private readonly describe: (id: string) => { readonly description?: string } | undefined,
    /** Redraws a row (given the element the view holds: the view matches rows by identity). */
    private readonly redraw: (element: T) => void,
    private readonly clock: Clock = realClock,
  ) {
    this.owned.add(view.onDidChangeVisibility((e) => this.setVisible(e.visible)));
    this.setVisible(view.visible);
  }

  dispose(): void {
    this.owned.dispose();
    this.stop();
    this.drawn.clear();
  }

  /** Called for every row drawn (with the element the view holds): remembers the ones whose words age. */
  noteDrawn(id: string, element: T, look: { readonly description?: string; readonly ageing?: boolean }): void {
    if (look.ageing) this.drawn.set(id, { element, description: look.description });
    else this.drawn.delete(id);
  }

  private setVisible(visible: boolean): void {
    this.stop();
    if (!visible) return;
    this.check();
    this.schedule();
  }

  private schedule(): void {
    this.timer = this.clock.setTimer(() => {
      this.check();
      this.schedule();
    }, MINUTE_MS);
  }

  private stop(): void {
    this.timer?.clear();
    this.timer = undefined;
  }

  private check(): void {
    for (const [id, shown] of [...this.drawn]) {
      const now = this.describe(id);
      if (!now) this.drawn.delete(id);
      else if (now.description !== shown.description) this.redraw(shown.element);
    }
  }
}
