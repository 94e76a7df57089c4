import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses, users, type AddressRow } from '../../db/schema/index.ts';

export type AddressValues = Pick<
  AddressRow,
  'name' | 'phone' | 'line1' | 'line2' | 'city' | 'state' | 'postalCode' | 'country'
>;

/** Every query is scoped by user id: there is no way to reach another user's address through here. */
function queries(db: Db) {
  return {
    /** Newest first, so the most recently added address is where "promote the newest" looks first. */
    list: (userId: string) =>
      db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id)),

    async find(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
        .limit(1);
      return row;
    },

    async count(userId: string) {
      const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
      return row?.n ?? 0;
    },

    async insert(userId: string, values: AddressValues, isDefault: boolean) {
      const [row] = await db
        .insert(addresses)
        .values({ ...values, userId, isDefault })
        .returning();
      return row!;
    },

    async update(userId: string, id: string, values: AddressValues & { isDefault?: boolean }) {
      const [row] = await db
        .update(addresses)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
        .returning();
      return row;
    },

    /** Clears the default flag on every address of the user except `keepId`. */
    async clearDefault(userId: string, keepId?: string) {
      await db
        .update(addresses)
        .set({ isDefault: false })
        .where(
          and(
            eq(addresses.userId, userId),
            eq(addresses.isDefault, true),
            keepId ? ne(addresses.id, keepId) : undefined,
          ),
        );
    },

    async setDefault(userId: string, id: string) {
      await db
        .update(addresses)
        .set({ isDefault: true })
        .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
    },

    async delete(userId: string, id: string) {
      const [row] = await db
        .delete(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
        .returning();
      return row;
    },
  };
}
export type AddressQueries = ReturnType<typeof queries>;

export function createAddressRepository(db: Db) {
  return {
    ...queries(db),
    /**
     * Runs `fn` in a transaction holding a row lock on the user: one user's address changes run one
     * after another, so the cap and the single default hold even when two requests race.
     */
    forUser<T>(userId: string, fn: (q: AddressQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        return fn(queries(tx));
      });
    },
  };
}
export type AddressRepository = ReturnType<typeof createAddressRepository>;
