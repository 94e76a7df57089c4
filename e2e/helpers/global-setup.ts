import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the server every browser-test file shares (empty: each file starts its own). */
    e2eBaseUrl: string;
  }
}

/**
 * Starts the server once for the whole browser-test run: starting it (tsx, migrations, demo seed with
 * argon2) costs several seconds, too much to repeat per file on two cores. Files keep out of each other's
 * way by using their own new accounts; the fresh database is dropped at the end.
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('e2eBaseUrl', server.baseUrl);
  return async () => {
    await server.stop();
  };
}
