/**
 * Closed-loop bidders over keep-alive sockets, in their own process (see bidding.bench.ts: `startBidders`), so the
 * server process's CPU time is the server's alone. The bench sends one job per scenario over IPC and gets its
 * result back. Each bidder bids a little above the next minimum it last heard of (from its own answers), so most
 * bids are accepted and the rest are genuine refusals (outpaced: BID_TOO_LOW).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { BidLoad, BidResult } from '../bidding.bench.ts';
import { summarise, type Summary } from './stats.ts';

async function driveBids({ origin, path, tokens, userIds, lots, ms }: BidLoad): Promise<BidResult> {
  const pickLot = () => (lots.length === 1 ? lots[0]! : lots[Math.floor(Math.random() * lots.length)]!);
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const base = new URL(origin);
  const nextMin = new Map<string, number>();
  const samples: number[] = [];
  let accepted = 0;
  let refused = 0;
  let errors = 0;
  const post = (lot: string, bidder: number, amount: number) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = JSON.stringify({ amount });
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          method: 'POST',
          path: `${path}${lot}`,
          agent,
          headers: {
            // The real endpoint's bearer token; the bare handler (no auth) reads the bidder from x-bidder.
            authorization: `Bearer ${tokens[bidder]}`,
            'x-bidder': userIds[bidder],
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    tokens.map(async (_token, bidder) => {
      while (performance.now() - started < ms) {
        const lot = pickLot();
        const amount = (nextMin.get(lot) ?? 100) + 100 * Math.floor(Math.random() * 20);
        const t0 = performance.now();
        const res = await post(lot, bidder, amount).catch(() => ({ status: 0, body: '' }));
        const took = performance.now() - t0;
        if (res.status === 201) {
          accepted += 1;
          samples.push(took);
          nextMin.set(lot, JSON.parse(res.body).data.lot.nextMinimumBid);
        } else if (res.status >= 400 && res.status < 500) {
          refused += 1;
          samples.push(took);
          const parsed = JSON.parse(res.body) as { nextMinimum?: number };
          if (parsed.nextMinimum) nextMin.set(lot, parsed.nextMinimum);
        } else errors += 1;
      }
    }),
  );
  const elapsed = performance.now() - started;
  agent.destroy();
  const all: Summary = summarise(samples, elapsed, errors);
  return { ...all, accepted, refused, acceptedPerSecond: (accepted / elapsed) * 1000 };
}

process.on('message', (job: BidLoad) => {
  void driveBids(job).then(
    (result) => process.send!({ ok: true, result }),
    (err: unknown) => process.send!({ ok: false, error: String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
