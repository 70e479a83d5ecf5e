export { type DocHost, DocHostMatcher } from './docHosts';
export { embedQueryUrl, type EmbedQueryOptions } from './embedQueryUrl';
export { FetchCache } from './fetchCache';
export { type DocLink, findDocLink } from './findDocLink';
export { TtlCache, type TtlCacheOptions } from './ttlCache';
