import { afterEach, vi } from 'vitest';

// Tests fail on an unexpected console.error (epic-stack habit): an error nobody asserted is a bug.
afterEach(() => {
  vi.restoreAllMocks();
});
const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
};
