import { asObject, bool, optStr, str } from './parse';

export interface EmbedSection {
  readonly url: string;
  readonly fragment: string | undefined;
  /** Unsanitised HTML from the server: only `core/html` may turn it into something shown. */
  readonly contentHtml: string;
  readonly external: boolean;
}

export function parseEmbedSection(value: unknown, path = 'embed'): EmbedSection {
  const o = asObject(value, path);
  return {
    url: str(o, 'url', path),
    fragment: optStr(o, 'fragment'),
    contentHtml: str(o, 'content', path),
    external: bool(o, 'external', false),
  };
}
