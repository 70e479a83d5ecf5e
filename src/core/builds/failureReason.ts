import { htmlToText, truncate } from '../html/plainText';
import { type Notification } from '../models/notification';

/**
 * Why a build failed, from its notifications (the API's `error` field is always empty): the
 * error-type notifications first, as `Header: body` in plain text. Undefined when there is none.
 */
export function failureReason(notifications: readonly Notification[], maxChars = 400): string | undefined {
  const ordered = [...notifications.filter((n) => n.type === 'error'), ...notifications.filter((n) => n.type !== 'error')];
  const first = ordered[0];
  if (!first) return undefined;
  const header = htmlToText(first.header, 120).replace(/[.:]+$/, '');
  const body = htmlToText(first.bodyHtml, maxChars);
  const text = header && body ? `${header}: ${body}` : header || body;
  return text ? truncate(text, maxChars) : undefined;
}
