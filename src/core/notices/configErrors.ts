import { isFinal } from '../builds/facts';
import { htmlToText } from '../html/plainText';
import { type Build } from '../models/build';
import { type Notification } from '../models/notification';
import { webUrlOf } from '../validation/urls';
import { trimEndOf } from '../util/trim';

/** A configuration error of a build, as the editor shows it on `.readthedocs.yaml`. */
export interface ConfigError {
  /** The dotted key the message names (`build.tools.python`); undefined when it names none. */
  readonly key: string | undefined;
  /** Plain text: the header and the body, without HTML. */
  readonly message: string;
  readonly buildId: number;
  /** The build's page, only when it is an http(s) URL. */
  readonly buildUrl: string | undefined;
}

// The key sits in the first `<code>` of the body, dotted (FACTS §16); bounded so the match stays linear.
const CODE_KEY = /<code>\s*([\w.-]{1,200})\s*<\/code>/;

/** True for the message ids of configuration errors (`config:validation:invalid-choice`, `config:base:invalid-syntax`…). */
export function isConfigError(notification: Pick<Notification, 'messageId'>): boolean {
  return notification.messageId.startsWith('config:');
}

/** The dotted key a configuration error's body names, if any. */
export function configErrorKey(bodyHtml: string): string | undefined {
  return CODE_KEY.exec(bodyHtml.slice(0, 10_000))?.[1];
}

/**
 * The configuration errors to show for the latest build of a branch (or its pull request):
 * those of its `config:*` notifications when it failed, none when it passed or failed for another
 * reason (`build:user:*` stay on the build row and the log), so a later passing build clears them.
 * Undefined while the build is not final: what is shown stays. Pure.
 */
export function configErrorsOf(build: Build, notifications: readonly Notification[]): readonly ConfigError[] | undefined {
  if (!isFinal(build)) return undefined;
  if (build.success !== false) return [];
  const buildUrl = build.urls.build ? webUrlOf(build.urls.build)?.href : undefined;
  return notifications.filter(isConfigError).map((n) => {
    const header = trimEndOf(htmlToText(n.header, 160), '.:');
    const body = htmlToText(n.bodyHtml, 600);
    return { key: configErrorKey(n.bodyHtml), message: header && body ? `${header}: ${body}` : header || body, buildId: build.id, buildUrl };
  });
}
