/**
 * Creates a verified staff (admin) account, or promotes an existing account to admin.
 *
 *   npm run admin:create -w apps/server -- --email staff@example.com --password 'S3cure@pass' [--first-name Ada] [--last-name Lovelace]
 *
 * Uses the configured database (DATABASE_URL, else PGlite in DATA_DIR) and applies pending migrations first.
 * An existing account keeps its password: promoting never changes credentials.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { NAME_MAX } from '@knotwork/shared/constants/limits';
import { emailSchema, newPasswordSchema } from '@knotwork/shared/schemas/auth';
import { ConfigError, loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/open.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createUserRepository } from '../modules/auth/repository.ts';

const argsSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema.optional(),
  firstName: z.string().trim().min(1).max(NAME_MAX).default('Staff'),
  lastName: z.string().trim().min(1).max(NAME_MAX).default('Admin'),
});

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
      strict: true,
    }));
  } catch (err) {
    fail(
      `${(err as Error).message}\nUsage: npm run admin:create -- --email E --password P [--first-name F] [--last-name L]`,
    );
  }
  const parsed = argsSchema.safeParse({
    email: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
  });
  if (!parsed.success)
    fail(parsed.error.issues.map((i) => `--${String(i.path[0] ?? '')}: ${i.message}`).join('\n'));
  const input = parsed.data;

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const database = await openDatabase(config);
  try {
    const users = createUserRepository(database.db);
    const existing = await users.findByEmail(input.email);
    if (existing) {
      if (existing.role === 'admin') {
        console.log(`${existing.email} is already an admin. Nothing changed.`);
      } else {
        await users.update(existing.id, { role: 'admin' });
        console.log(`Promoted ${existing.email} to admin. The password was not changed.`);
      }
      return;
    }
    if (!input.password) fail('--password is required to create a new account');
    const created = await users.create({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      role: 'admin',
      emailVerifiedAt: new Date(),
    });
    if (!created)
      fail(`an account with ${input.email} was created meanwhile; run the command again to promote it`);
    console.log(`Created admin ${created.email} (verified). Sign in with the password you gave.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
