import * as vscode from 'vscode';
import { type Logger, redactingLogger } from '../core/log';

/** How many of the latest lines the test-mode copy keeps. */
const KEPT_LINES = 2000;

/**
 * The "Read the Docs" log channel (levels via "Developer: Set Log Level…"). Every line passes
 * through redaction, with the current tokens as known secrets. Only when VS Code runs the
 * extension's tests (`keepCopy`) is a copy of the latest lines kept in memory, so extension-host
 * tests can prove no secret reached the channel; otherwise nothing is kept.
 */
export function createLogger(secrets: () => readonly string[], keepCopy: boolean): { logger: Logger; channel: vscode.LogOutputChannel; lines: readonly string[] } {
  const channel = vscode.window.createOutputChannel('Read the Docs', { log: true });
  const lines: string[] = [];
  if (!keepCopy) return { logger: redactingLogger(channel, secrets), channel, lines };
  const keep = (m: string) => {
    lines.push(m);
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES / 2);
  };
  const tee: Logger = {
    trace: (m) => { keep(m); channel.trace(m); },
    debug: (m) => { keep(m); channel.debug(m); },
    info: (m) => { keep(m); channel.info(m); },
    warn: (m) => { keep(m); channel.warn(m); },
    error: (m) => { keep(String(m)); channel.error(m); },
  };
  return { logger: redactingLogger(tee, secrets), channel, lines };
}
