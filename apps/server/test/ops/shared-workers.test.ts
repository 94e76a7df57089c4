import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's test files share their worker's modules (vitest `isolate: false`, decision 084): a file that mocks a
 * module, stubs a global or the environment, or leaves fake timers on, would change every file after it in that
 * worker. This reads the test sources and refuses the calls that do so without a matching restore.
 */
const testDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const LEAKS: { call: RegExp; restore?: RegExp }[] = [
  { call: /\bvi\.(mock|doMock)\(/ },
  { call: /\bvi\.stubGlobal\(/, restore: /\bvi\.unstubAllGlobals\(/ },
  { call: /\bvi\.stubEnv\(/, restore: /\bvi\.unstubAllEnvs\(/ },
  { call: /\bvi\.useFakeTimers\(/, restore: /\bvi\.useRealTimers\(/ },
  { call: /\bprocess\.env\.\w+\s*=[^=]|\bprocess\.env\[[^\]]+\]\s*=[^=]|delete process\.env/ },
];

describe('server test files leave nothing behind for the next file in their worker (decision 084)', () => {
  const files = testFiles(testDir).filter((f) => f !== fileURLToPath(import.meta.url));

  it('reads the test sources (the scan is not vacuous)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => /\bvi\.useFakeTimers\(/.test(fs.readFileSync(f, 'utf8')))).toBe(true);
  });

  it('no module mocks, no unrestored stubs or fake timers, no writes to process.env', () => {
    const offending = files.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return LEAKS.filter(({ call, restore }) => call.test(text) && !(restore && restore.test(text))).map(
        ({ call }) => `${path.relative(testDir, file)}: ${call.source}`,
      );
    });
    expect(offending).toEqual([]);
  });
});
