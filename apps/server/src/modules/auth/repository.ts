import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<
  Pick<
    NewUser,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'passwordHash'
    | 'googleSub'
    | 'profileImage'
    | 'role'
    | 'emailVerifiedAt'
    | 'language'
  >
>;

/** Unique-violation from PostgreSQL (and PGlite), e.g. two registrations of one e-mail at once. */
export function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } } | null)?.code ??
    (err as { cause?: { code?: string } } | null)?.cause?.code;
  return code === '23505';
}

export function createUserRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    async findByGoogleSub(sub: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.googleSub, sub));
      return row;
    },
    /** Inserts a user; undefined when the e-mail (or Google subject) is already taken. */
    async create(values: NewUser): Promise<UserRow | undefined> {
      try {
        const [row] = await db
          .insert(users)
          .values({ ...values, email: values.email.toLowerCase() })
          .returning();
        return row;
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },
    async update(id: string, patch: UserPatch): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
