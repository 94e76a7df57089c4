import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createUserRepository } from '../modules/auth/repository.ts';

/** Demo accounts printed at start-up and documented in the README. */
export const DEMO_ACCOUNTS = [
  {
    role: 'user' as const,
    firstName: 'Demo',
    lastName: 'Collector',
    email: 'demo@knotwork.local',
    password: 'Demo@12345',
  },
  // One per back-office role (issue 11): admin does everything; the specialist catalogues and runs sales;
  // accounts collects the money and looks after bidders.
  {
    role: 'admin' as const,
    firstName: 'Staff',
    lastName: 'Admin',
    email: 'staff@knotwork.local',
    password: 'Staff@12345',
  },
  {
    role: 'specialist' as const,
    firstName: 'Sara',
    lastName: 'Specialist',
    email: 'specialist@knotwork.local',
    password: 'Staff@12345',
  },
  {
    role: 'accounts' as const,
    firstName: 'Adam',
    lastName: 'Accounts',
    email: 'accounts@knotwork.local',
    password: 'Staff@12345',
  },
];

/**
 * Creates the demo accounts, verified, unless their e-mail exists (an existing account, demo or not, is
 * never touched, so a changed demo password survives restarts). Idempotent and safe to run concurrently:
 * the insert ignores a unique conflict.
 */
export async function seedDemoAccounts(app: FastifyInstance) {
  const users = createUserRepository(app.ctx.db);
  for (const account of DEMO_ACCOUNTS) {
    if (await users.findByEmail(account.email)) continue;
    await users.create({
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      role: account.role,
      passwordHash: await hashPassword(account.password),
      emailVerifiedAt: new Date(),
    });
  }
}
