import { type Edition } from '../api/client';
import { webUrlOf } from '../validation/urls';

/** The page a preview panel shows, as its page script keeps it for a window reload. */
export interface PreviewState {
  readonly url: string;
  readonly edition: Edition;
}

/**
 * Reads back what the preview page stored with `setState` (see previewPage.ts). The webview is not
 * trusted, so anything but an http(s) URL and a configured edition is refused; a page saved
 * without an edition falls back to the first configured one.
 */
export function parsePreviewState(value: unknown, configured: readonly Edition[]): PreviewState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { url, edition } = value as { url?: unknown; edition?: unknown };
  const parsed = typeof url === 'string' ? webUrlOf(url) : undefined;
  if (!parsed) return undefined;
  const chosen = configured.find((e) => e === edition) ?? configured[0];
  return chosen ? { url: parsed.href, edition: chosen } : undefined;
}
