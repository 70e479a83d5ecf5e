import * as vscode from 'vscode';
import { type Logger, redactingLogger } from '../core/log';

/**
 * The "Read the Docs" log channel (levels via "Developer: Set Log Level…"). Every line passes
 * through redaction, with the current tokens as known secrets.
 */
export function createLogger(secrets: () => readonly string[]): { logger: Logger; channel: vscode.LogOutputChannel; lines: string[] } {
  const channel = vscode.window.createOutputChannel('Read the Docs', { log: true });
  const lines: string[] = [];
  const keep = (m: string) => {
    lines.push(m);
    if (lines.length > 2000) lines.splice(0, 1000);
  };
  // A copy of what was logged, so extension-host tests can prove no secret reached the channel.
  const tee: Logger = {
    trace: (m) => { keep(m); channel.trace(m); },
    debug: (m) => { keep(m); channel.debug(m); },
    info: (m) => { keep(m); channel.info(m); },
    warn: (m) => { keep(m); channel.warn(m); },
    error: (m) => { keep(String(m)); channel.error(m); },
  };
  return { logger: redactingLogger(tee, secrets), channel, lines };
}
