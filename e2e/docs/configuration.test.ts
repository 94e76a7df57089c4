import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../apps/server/src/config/env.ts';
import { ROOT } from '../helpers/server.ts';

// README.md and .env.example promise a table of every environment variable: keep them honest.
describe('configuration documentation', () => {
  const variables = Object.keys(envSchema.shape);
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const example = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');

  it('README.md lists every variable the server reads', () => {
    expect(variables.filter((name) => !readme.includes(`| \`${name}\` |`))).toEqual([]);
  });

  it('.env.example lists every variable the server reads', () => {
    expect(variables.filter((name) => !new RegExp(`^# ${name}=`, 'm').test(example))).toEqual([]);
  });

  it('documents no variable the server does not read', () => {
    const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]!);
    expect(documented.filter((name) => !variables.includes(name))).toEqual([]);
  });
});
