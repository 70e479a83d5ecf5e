import type { RequestContext } from '../context';

/** What serializers need: the data, the origin for links, and the caller (for `permissions`). */
export type RenderContext = Pick<RequestContext, 'db' | 'origin' | 'user'>;
