// `npm run api:document`: writes the OpenAPI document to a file without starting a server (CI lints it, the
// typed client is generated from it). The app is built on a throw-away embedded database, never listening.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/open.ts';

const DEFAULT_OUT = new URL('../../../../packages/client/openapi.json', import.meta.url).pathname;

/** The document exactly as /api/docs/json serves it, with stable formatting (so a diff shows real changes). */
export async function buildOpenApiDocument(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    JWT_SECRET: 'x'.repeat(48),
  });
  const database = await openDatabase(config);
  try {
    const app = await buildApp({ config, database, serveWeb: false });
    await app.ready();
    const document = app.swagger();
    await app.close();
    return `${JSON.stringify(document, null, 2)}\n`;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = path.resolve(process.argv[2] ?? DEFAULT_OUT);
  const text = await buildOpenApiDocument();
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, text);
  console.log(`OpenAPI document written to ${path.relative(process.cwd(), out)}`);
}
