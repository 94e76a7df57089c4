import { users } from '../../src/db/schema/index.ts';
import type { TestApp } from '../helpers/app.ts';

/** A verified user and a bearer header for them, without going through registration. */
export async function signedInUser(t: TestApp, email: string) {
  const [user] = await t.database.db
    .insert(users)
    .values({ firstName: 'Test', lastName: 'User', email, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const { token } = await t.app.ctx.tokens.issue(user!.id);
  return { id: user!.id, headers: { authorization: `Bearer ${token}` } };
}

export const validAddress = {
  name: 'Eleanor Vance',
  phone: '+1 (212) 555-0147',
  line1: '225 East 57th Street',
  line2: 'Apt 12B',
  city: 'New York',
  state: 'NY',
  postalCode: '10022',
  country: 'US',
};
