import * as tlsModule from 'node:tls';
import type { Dispatcher } from 'undici';
import { UnsupportedProxyError } from './errors';
import { type Environment, type NetworkSettings, type Route, routeFor } from './network';
import { loadUndici } from './undici';

export interface RoutedDispatcherOptions {
  /** VS Code's `http.*` settings, read on every request so that changes apply at once. */
  readonly network?: () => NetworkSettings;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read; default `process.env`. */
  readonly env?: Environment;
  /** The operating system's CA certificates (PEM); default: Node's own reading where it has one. */
  readonly systemCertificates?: () => readonly string[];
}

/**
 * The keep-alive undici dispatcher for a URL's route (direct or through a proxy, with the
 * certificates VS Code would trust). A new route (the settings changed) replaces the old one.
 */
export class RoutedDispatcher {
  private current: { key: string; agent: Promise<Dispatcher> } | undefined;

  constructor(private readonly options: RoutedDispatcherOptions = {}) {}

  for(url: URL): Promise<Dispatcher> {
    const route = routeFor(url, this.options.network?.() ?? {}, this.options.env ?? process.env);
    const key = JSON.stringify(route);
    if (this.current?.key !== key) {
      // Idle connections of the old route close; requests under way finish.
      void this.current?.agent.then((old) => old.close()).catch(() => undefined);
      this.current = { key, agent: this.create(route) };
    }
    return this.current.agent;
  }

  async close(): Promise<void> {
    // A route that got no agent (a SOCKS proxy) has nothing to close.
    await this.current?.agent.then((agent) => agent.close()).catch(() => undefined);
  }

  private async create(route: Route): Promise<Dispatcher> {
    const undici = await loadUndici();
    const system = route.systemCertificates ? (this.options.systemCertificates ?? readSystemCertificates)() : [];
    // Without system certificates Node's bundled roots apply; with them, both.
    const tls = { rejectUnauthorized: route.rejectUnauthorized, ...(system.length ? { ca: [...tlsModule.rootCertificates, ...system] } : {}) };
    const common = { keepAliveTimeout: 30_000, connections: 8 };
    if (route.proxy) {
      // The undici bundle leaves its SOCKS agent out (scripts/lib/libraries.mjs); README: not supported.
      const scheme = proxyScheme(route.proxy);
      if (scheme === 'socks:' || scheme === 'socks5:') throw new UnsupportedProxyError(scheme);
      return new undici.ProxyAgent({ uri: route.proxy, token: route.proxyAuthorization, requestTls: tls, proxyTls: tls, ...common });
    }
    return new undici.Agent({ ...common, connect: tls });
  }
}

/**
 * Where a request to `url` goes, as a dispatcher's `request()` takes it: the origin, and the path
 * with the query (the undici bundle has the dispatchers only, scripts/lib/libraries.mjs).
 */
export function requestTarget(url: URL): { origin: string; path: string } {
  return { origin: url.origin, path: `${url.pathname}${url.search}` };
}

/** The proxy URL's scheme (`http:`), lower case; undefined when it is not a URL (undici says why). */
function proxyScheme(proxy: string): string | undefined {
  return URL.canParse(proxy) ? new URL(proxy).protocol : undefined;
}

/** `tls.getCACertificates('system')` (Node 22.15+, 23.5+); none where the runtime cannot read them. */
function readSystemCertificates(): readonly string[] {
  const reader = (tlsModule as { getCACertificates?: (type: 'system') => string[] }).getCACertificates;
  try {
    return reader ? reader('system') : [];
  } catch {
    return [];
  }
}
