export { type DocHost, DocHostMatcher } from './docHosts';
export { FetchCache } from './fetchCache';
export { type DocLink, findDocLink } from './findDocLink';
export { TtlCache, type TtlCacheOptions } from './ttlCache';
