import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@knotwork/shared/schemas/bidding';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { HttpError } from '../../../src/lib/http-error.ts';
import { allMoves, canMove, refusedMoveMessage } from '../../../src/modules/commerce/orders/order-states.ts';
import { moveOrder } from '../../../src/modules/commerce/orders/order-transitions.ts';
import { count, makeOrder, makeUser } from '../helpers.ts';

describe('order state machine', () => {
  it('allows exactly the documented life and nothing else', () => {
    const allowed = allMoves()
      .filter((m) => m.allowed)
      .map((m) => `${m.from}>${m.to}`);
    expect(allowed.sort()).toEqual(
      [
        'awaiting_payment>paid',
        'awaiting_payment>cancelled',
        'awaiting_payment>expired',
        'paid>shipped',
        'paid>refunded',
        'paid>partially_refunded',
        'shipped>delivered',
        'shipped>refunded',
        'shipped>partially_refunded',
        'delivered>refunded',
        'delivered>partially_refunded',
        'partially_refunded>shipped',
        'partially_refunded>delivered',
        'partially_refunded>refunded',
        'partially_refunded>partially_refunded',
      ].sort(),
    );
    expect(canMove('paid', 'cancelled')).toBe(false);
    expect(refusedMoveMessage('paid', 'cancelled')).toBe(
      'An order that is paid cannot be cancelled: refund it instead',
    );
    expect(refusedMoveMessage('shipped', 'paid')).toBe('An order that is shipped cannot be marked paid');
    expect(refusedMoveMessage('refunded', 'shipped')).toBe(
      'An order that is refunded cannot be marked shipped: it is closed',
    );
  });
});

describe('moveOrder against the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses every illegal move with a 409 and changes nothing; every legal move writes one event', async () => {
    const user = await makeUser(t);
    const { orderId } = await makeOrder(t, user.id);
    let refused = 0;
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        await t.database.query(`update orders set status = $2 where id = $1`, [orderId, from]);
        const before = await count(t, `select count(*) as n from order_events where order_id = $1`, [
          orderId,
        ]);
        const attempt = t.app.ctx.db.transaction((tx) =>
          moveOrder(tx, { orderId, to, actorId: null, reason: 'test' }),
        );
        if (canMove(from, to)) {
          await expect(attempt).resolves.toBe(from);
          expect(
            await count(
              t,
              `select count(*) as n from order_events where order_id = $1 and from_status = $2 and to_status = $3`,
              [orderId, from, to],
            ),
          ).toBeGreaterThan(0);
          expect(
            await count(t, `select count(*) as n from order_events where order_id = $1`, [orderId]),
          ).toBe(before + 1);
        } else {
          refused += 1;
          const err = await attempt.then(
            () => null,
            (e: unknown) => e,
          );
          expect(err).toBeInstanceOf(HttpError);
          expect(err).toMatchObject({
            statusCode: 409,
            message: refusedMoveMessage(from, to),
            extra: { code: 'ILLEGAL_ORDER_MOVE' },
          });
          const [row] = await t.database.query<{ status: string }>(
            `select status from orders where id = $1`,
            [orderId],
          );
          expect(row!.status).toBe(from);
          expect(
            await count(t, `select count(*) as n from order_events where order_id = $1`, [orderId]),
          ).toBe(before);
        }
      }
    }
    expect(refused).toBe(64 - 15);
  });
});
