/** What core code logs through. VS Code's LogOutputChannel satisfies it structurally. */
export interface Logger {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string | Error): void;
}

/** The parts of the extension that log. Each has its own logger; its lines carry the tag. */
export type LogComponent = 'builds' | 'embed' | 'manage' | 'sharing' | 'tree' | 'versions';

/** A logger for one component: `[builds] watching widgets #12 (building)`. */
export function componentLogger(logger: Logger, component: LogComponent): Logger {
  const tag = (message: string) => `[${component}] ${message}`;
  return {
    trace: (m) => logger.trace(tag(m)),
    debug: (m) => logger.debug(tag(m)),
    info: (m) => logger.info(tag(m)),
    warn: (m) => logger.warn(tag(m)),
    error: (m) => logger.error(typeof m === 'string' ? tag(m) : m),
  };
}

export const silentLogger: Logger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

// A credential after an auth scheme: at least 12 key characters, one of them a digit.
const TOKEN_HEADER = /\b(Token|Bearer|Basic)\s+(?=[\w.~+/=-]*\d)[\w.~+/=-]{12,}/gi;
const HEX_KEY = /\b[0-9a-f]{40}\b/gi;

/** Removes anything that looks like a credential, plus the known secrets, from text bound for a log or a message. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= 4) result = result.split(secret).join('«redacted»');
  }
  return result.replace(TOKEN_HEADER, '$1 «redacted»').replace(HEX_KEY, '«redacted»');
}

/** A logger that passes every line through `redact` first. */
export function redactingLogger(inner: Logger, secrets: () => readonly string[]): Logger {
  const clean = (m: string | Error) => redact(typeof m === 'string' ? m : (m.stack ?? m.message), secrets());
  return {
    trace: (m) => inner.trace(clean(m)),
    debug: (m) => inner.debug(clean(m)),
    info: (m) => inner.info(clean(m)),
    warn: (m) => inner.warn(clean(m)),
    error: (m) => inner.error(clean(m)),
  };
}
