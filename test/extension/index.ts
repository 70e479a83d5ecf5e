// The extension-host test runner: VS Code (through @vscode/test-electron, or code-server's
// `extensionTestsPath` payload) loads this bundle (out/test/extension/index.js) inside the
// extension host and awaits `run()`. It runs every `*.test.js` bundled next to it.
import { appendFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { format } from 'node:util';
import type MochaType from 'mocha';

/** The line scripts/test-extension.mjs (and a person) reads the counts from. */
export const SUMMARY_PREFIX = 'extension-host tests:';

export async function run(): Promise<void> {
  // When scripts/test-extension.mjs sets a report folder, the output is also written to
  // `output.log` there (code-server's browser console mixes it with the workbench's own log)
  // and the counts to `summary.json`.
  const reportDir = process.env.READTHEDOCS_TEST_REPORT_DIR;
  if (reportDir) teeConsole(join(reportDir, 'output.log'));

  // Loaded after teeConsole: mocha's reporters keep the console.log they find at load time.
  // mocha 12's package entry is an ES module; its CommonJS build gives the class as is.
  const Mocha = createRequire(__filename)('mocha/lib/mocha.cjs') as typeof MochaType;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 20_000, reporter: 'spec' });
  // READTHEDOCS_VSCODE_TEST_FILES=builds,tree runs only the files whose name contains one of those words.
  const only = (process.env.READTHEDOCS_VSCODE_TEST_FILES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const files = readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .filter((file) => only.length === 0 || only.some((part) => file.includes(part)))
    .sort();
  for (const file of files) mocha.addFile(join(__dirname, file));

  const stats = await new Promise<MochaType.Stats>((resolve, reject) => {
    try {
      const runner = mocha.run(() => resolve(runner.stats ?? { suites: 0, tests: 0, passes: 0, pending: 0, failures: 0 }));
    } catch (error) {
      reject(error);
    }
  });
  const { passes, failures, pending } = stats;
  console.log(`${SUMMARY_PREFIX} ${passes} passing, ${failures} failing, ${pending} pending (${files.length} files)`);
  if (reportDir) writeFileSync(join(reportDir, 'summary.json'), JSON.stringify({ passes, failures, pending, files: files.length }));
  if (failures > 0) throw new Error(`${failures} extension-host test(s) failed`);
  if (passes === 0) throw new Error('no extension-host test ran: is out/test/extension/*.test.js missing?');
}

/**
 * Copies what goes through console.log/info/warn/error to `file` too. VS Code's extension host
 * pins those methods on the console object as accessors whose setters ignore assignments, so
 * the global `console` itself is replaced by one that writes to the file, then forwards.
 */
function teeConsole(file: string): void {
  writeFileSync(file, '');
  const original = globalThis.console;
  const write = (args: unknown[]) => {
    try {
      appendFileSync(file, `${format(...args)}\n`);
    } catch {
      // the report folder went away: the console output still goes on
    }
  };
  const tee = Object.create(original) as Console;
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    // defineProperty: a plain assignment would hit the inherited (ignoring) setter.
    Object.defineProperty(tee, method, {
      configurable: true,
      writable: true,
      value: (...args: unknown[]) => {
        write(args);
        original[method](...args);
      },
    });
  }
  globalThis.console = tee;
}
