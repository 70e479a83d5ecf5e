import { type Editions } from '../core/session/editions';
import { type Ui } from './ui/ui';

/**
 * Hooks for the extension-host tests, returned from `activate` only in test mode: replace the
 * prompts with scripted answers, read the log lines, reach the live objects.
 */
export interface TestingApi {
  readonly editions: Editions;
  /** Everything written to the log channel, after redaction. */
  readonly logLines: readonly string[];
  setUi(ui: Ui): void;
}

export function testingApi(api: TestingApi): TestingApi {
  return api;
}
