import { describe, expect, it } from 'vitest';
import { lotChannel } from '@knotwork/shared/realtime/events';
import { createTestApp } from '../helpers/app.ts';
import { bid, makeLot, makeUser, units } from './helpers.ts';

describe('shutdown', () => {
  it("waits for accepted bids' after-commit work before the database closes", async () => {
    const t = await createTestApp();
    const { lotId } = await makeLot(t);
    const user = await makeUser(t);
    let finished = false;
    // A slow after-commit step (as a Web Push round trip or a Redis publish can be) that still needs the
    // database when it ends: the lot's live update, published after the bid's commit.
    const bus = t.app.ctx.bus;
    const publish = bus.publish.bind(bus);
    bus.publish = async (channel, event, data) => {
      if (channel === lotChannel(lotId) && event === 'lot.updated') {
        await new Promise((r) => setTimeout(r, 300));
        await t.database.query('select 1');
        finished = true;
      }
      return publish(channel, event, data);
    };
    try {
      // The answer comes back before the announcement has run (it is not awaited by the request).
      expect((await bid(t, lotId, units(500), user.token)).statusCode).toBe(201);
      expect(finished).toBe(false);
      await t.close();
      expect(finished).toBe(true);
    } finally {
      bus.publish = publish;
    }
  });
});
