import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import Module from 'node:module';
import { join, relative } from 'node:path';

const coreRoot = join(__dirname, '..', '..', 'src', 'core');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? tsFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

describe('the core layer', () => {
  it('loads every file under src/core in plain Node without reaching vscode', () => {
    const requested: string[] = [];
    const moduleWithLoad = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
    const original = moduleWithLoad._load;
    moduleWithLoad._load = function (request: string, ...rest: unknown[]) {
      if (request === 'vscode') requested.push(request);
      return original.call(this, request, ...rest);
    };
    const failures: string[] = [];
    try {
      for (const file of tsFiles(coreRoot)) {
        try {
          // A plain require is the point: it loads each file exactly as Node would, through the hooked loader.
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          require(file);
        } catch (error) {
          failures.push(`${relative(coreRoot, file)}: ${(error as Error).message}`);
        }
      }
    } finally {
      moduleWithLoad._load = original;
    }
    assert.deepEqual(failures, []);
    assert.deepEqual(requested, [], 'a file under src/core asked for the vscode module');
  });
});
