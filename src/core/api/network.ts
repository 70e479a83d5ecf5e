/**
 * The network as VS Code sees it: its `http.*` settings, then the usual environment variables.
 * Read on every request, so a change applies without a reload. Pure decisions; the transport
 * turns them into undici dispatchers.
 */
export interface NetworkSettings {
  /** `http.proxy`: `http://[user:pass@]host:port` (or https://); empty means none. */
  readonly proxy?: string;
  /** `http.noProxy`: hosts (`example.com`, `.example.com`, `host:port`, `*`) reached directly. */
  readonly noProxy?: readonly string[];
  /** `http.proxyStrictSSL` (default true): false accepts any certificate, only on requests through a proxy. */
  readonly proxyStrictSSL?: boolean;
  /** `http.proxyAuthorization`: the `Proxy-Authorization` header value sent to the proxy. */
  readonly proxyAuthorization?: string;
  /** `http.systemCertificates` (default true): trust the operating system's certificates too. */
  readonly systemCertificates?: boolean;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** The route of one request: direct, or through a proxy with how to talk to it. */
export interface Route {
  /** Undefined: direct. */
  readonly proxy?: string;
  readonly proxyAuthorization?: string;
  /** False only through a proxy with `http.proxyStrictSSL: false` (a TLS-inspecting proxy). */
  readonly rejectUnauthorized: boolean;
  readonly systemCertificates: boolean;
}

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Where a request to `url` goes, by VS Code's rules (`@vscode/proxy-agent`): loopback hosts go
 * direct; then `http.noProxy` (when set, NO_PROXY is ignored) or NO_PROXY; then `http.proxy`, then
 * HTTPS_PROXY / HTTP_PROXY by the URL's scheme. PAC scripts and the operating system's proxy
 * configuration are not read.
 */
export function routeFor(url: URL, settings: NetworkSettings, env: Environment): Route {
  const common = { systemCertificates: settings.systemCertificates !== false };
  const direct: Route = { rejectUnauthorized: true, ...common };
  if (LOOPBACK_HOSTS.has(url.hostname)) return direct;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const noProxy = settings.noProxy?.length ? settings.noProxy : (envValue(env, 'NO_PROXY') ?? '').split(',');
  if (bypasses(noProxy, url.hostname, port)) return direct;
  const proxy = settings.proxy?.trim()
    || (url.protocol === 'https:' ? envValue(env, 'HTTPS_PROXY') ?? envValue(env, 'HTTP_PROXY') : envValue(env, 'HTTP_PROXY'));
  if (!proxy) return direct;
  return {
    proxy,
    proxyAuthorization: settings.proxyAuthorization?.trim() || undefined,
    rejectUnauthorized: settings.proxyStrictSSL !== false,
    ...common,
  };
}

/** `NAME` or `name`, as curl and VS Code read them; empty counts as unset. */
function envValue(env: Environment, name: string): string | undefined {
  return env[name]?.trim() || env[name.toLowerCase()]?.trim() || undefined;
}

/** VS Code's noProxy matching: `*` matches all; `name[:port]` matches the host and its subdomains. */
function bypasses(entries: readonly string[], hostname: string, port: string): boolean {
  const host = `.${hostname.toLowerCase().replace(/^\[|\]$/g, '')}`;
  return entries.map((e) => e.trim().toLowerCase()).filter((e) => e !== '').some((entry) => {
    if (entry === '*') return true;
    const [name, entryPort] = entry.split(':', 2);
    const domain = name.startsWith('*.') ? name.slice(1) : name.startsWith('.') ? name : `.${name}`;
    return host.endsWith(domain) && (!entryPort || entryPort === port);
  });
}

/** Certificate failures of a TLS handshake, by the code Node (OpenSSL) gives them. */
export const CERTIFICATE_ERROR_CODES: ReadonlySet<string> = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID',
  'CERT_REVOKED', 'CERT_UNTRUSTED', 'CERT_REJECTED', 'ERR_TLS_CERT_ALTNAME_INVALID', 'CERT_SIGNATURE_FAILURE',
]);
