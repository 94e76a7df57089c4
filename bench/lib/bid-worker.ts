/**
 * Closed-loop bidders over keep-alive sockets, in their own worker thread (see bidding.bench.ts). Each bids a little
 * above the next minimum it last heard of (from its own answers), so most bids are accepted and the rest are
 * genuine refusals (outpaced: BID_TOO_LOW).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { BidLoad, BidResult } from '../bidding.bench.ts';
import { summarise, type Summary } from './stats.ts';

const { origin, tokens, lots, ms } = workerData as BidLoad;
const pickLot = () => (lots.length === 1 ? lots[0]! : lots[Math.floor(Math.random() * lots.length)]!);
async function driveBids(): Promise<BidResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const base = new URL(origin);
  const nextMin = new Map<string, number>();
  const samples: number[] = [];
  let accepted = 0;
  let refused = 0;
  let errors = 0;
  const post = (lot: string, token: string, amount: number) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = JSON.stringify({ amount });
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          method: 'POST',
          path: `/api/v1/rug/add-offer/${lot}`,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
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
    tokens.map(async (token) => {
      while (performance.now() - started < ms) {
        const lot = pickLot();
        const amount = (nextMin.get(lot) ?? 100) + 100 * Math.floor(Math.random() * 20);
        const t0 = performance.now();
        const res = await post(lot, token, amount).catch(() => ({ status: 0, body: '' }));
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

parentPort!.postMessage(await driveBids());
