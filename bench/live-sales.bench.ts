/**
 * Live sales (issue 12, decision 051): an online bid at the ask, from the HTTP request to the clerk's socket and to
 * the last of BENCH_LIVE_WATCHERS (default 1,000) online watchers' sockets, over real sockets to the real app. The
 * bench process holds the app, the bidders' HTTP client and the clerk's socket; the watchers run in a child process
 * (bench/lib/live-watchers.ts) as browsers would on other machines. BENCH_LIVE_BIDS bids (default 100), two bidders
 * alternating, each awaited before the next. Prints p50/p99/max and the bench process's CPU.
 *
 * With BENCH_LIVE_PHONE (on unless `0`), the second bidder is on a telephone line (issue 29 §1, decision 097): their
 * bids are a telephone operator's one tap (POST /admin/telephone/{id}/bids, the registration, limit and audit row
 * included), measured apart, to the clerk and the room. The goal is p99 under 250 ms to both.
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { LIVE_PATH } from '@knotwork/shared/realtime/protocol';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { fmt, percentile } from './lib/stats.ts';
import type { Bench } from './lib/types.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
const WATCHERS = Number(process.env.BENCH_LIVE_WATCHERS ?? 1000);
const BIDS = Number(process.env.BENCH_LIVE_BIDS ?? 100);
const PHONE = process.env.BENCH_LIVE_PHONE !== '0';

const bench: Bench = {
  name: 'Live sale: online bid to the clerk and the room',
  async run({ databaseUrl }) {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      RATE_LIMIT_SCALE: '1000',
      DATA_DIR: '/tmp/knotwork-bench-live-sales',
    });
    const database = await openDatabase(config);
    const app = await buildApp({ config, database, serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}/api/v1`;
    const tag = crypto.randomBytes(4).toString('hex');
    const one = async <T>(text: string, params: unknown[]) => (await database.query<T>(text, params))[0]!;
    const ids = new Map<string, string>();
    const user = async (role: string) => {
      const { id } = await one<{ id: string }>(
        `insert into users (first_name, last_name, email, role, email_verified_at) values ('Bench', 'Bidder', $1, $2, now()) returning id`,
        [`live.${tag}.${crypto.randomBytes(3).toString('hex')}@example.com`, role],
      );
      const { token } = await app.ctx.tokens.issue(id);
      ids.set(token, id);
      return token;
    };
    const clerk = await user('admin');
    const bidders = [await user('user'), await user('user')];
    const sale = await one<{ id: string }>(
      `insert into auctions (slug, title, type, status, starts_at, ends_at) values ($1, 'Bench live sale', 'live', 'open',
         now() - interval '1 hour', now() + interval '1 hour') returning id`,
      [`bench-live-${tag}`],
    );
    const rug = await one<{ id: string }>(
      `insert into rugs (slug, title, origin_country, origin_region, style, age_class, width_cm, length_cm, shape,
         condition_grade, estimate_low, estimate_high, status)
       values ($1, 'Bench Heriz', 'Iran', 'Heriz', 'persian', 'antique', 200, 300, 'rectangle', 'good', 100000, 200000, 'available')
       returning id`,
      [`bench-live-rug-${tag}`],
    );
    const lot = await one<{ id: string }>(
      `insert into lots (auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, status, starts_at, ends_at)
       values ($1, $2, 1, 10000, 100000, 200000, 'open', now() - interval '1 hour', now() + interval '1 hour') returning id`,
      [sale.id, rug.id],
    );
    // The second bidder's telephone line, booked, assigned to the clerk's account as operator and ready.
    let booking: { id: string } | null = null;
    if (PHONE) {
      const registration = await one<{ id: string }>(
        `insert into sale_registrations (auction_id, user_id, paddle, status, phone, terms_accepted_at)
         values ($1, $2, 101, 'approved', '+442079460958', now()) returning id`,
        [sale.id, ids.get(bidders[1]!)],
      );
      booking = await one<{ id: string }>(
        `insert into telephone_bookings (auction_id, lot_id, user_id, registration_id, phone, operator_id, assigned_at, ready_at)
         values ($1, $2, $3, $4, '+442079460958', $5, now(), now()) returning id`,
        [sale.id, lot.id, ids.get(bidders[1]!), registration.id, ids.get(clerk)],
      );
    }
    const post = async (path: string, token: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return {
        status: res.status,
        body: (await res.json()) as { data: { seq: number; current: { ask: number } } },
      };
    };
    let view = (await post(`/admin/live/${sale.id}/actions`, clerk, { type: 'open', lotId: lot.id })).body
      .data;

    // The clerk's socket here (one socket); the online watchers in a child process of their own (as in the fan-out
    // bench), so their reading is not done on the server's core. Times are epoch ms read from the shared clock.
    const now = () => performance.timeOrigin + performance.now();
    const clerkSeen = new Map<number, number>();
    const channel = `live:${sale.id}`;
    const clerkSocket = await new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`, { perMessageDeflate: false });
      ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', channels: [channel] })));
      ws.on('message', (raw) => {
        const at = now();
        const m = JSON.parse(String(raw)) as { type: string; event?: string; data?: { seq: number } };
        if (m.type === 'subscribed') resolve(ws);
        else if (m.event === 'live.state') clerkSeen.set(m.data!.seq, at);
      });
      ws.on('error', reject);
    });
    const roomSeen = new Map<number, number>();
    const watchers = fork(
      path.join(dir, 'lib', 'live-watchers.ts'),
      [`ws://127.0.0.1:${port}${LIVE_PATH}`, String(WATCHERS), channel],
      {
        execArgv: ['--import', 'tsx'],
        stdio: 'inherit',
      },
    );
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      watchers.on('message', (m: { type: string; seq?: number; at?: number }) => {
        if (m.type === 'connected') resolve();
        else if (m.type === 'seen') roomSeen.set(m.seq!, m.at!);
      });
      watchers.once('exit', (code) => reject(new Error(`watchers exited with ${code}`)));
    });
    console.log(`${WATCHERS} watchers connected in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const toClerk: number[] = [];
    const toRoom: number[] = [];
    const toAnswer: number[] = [];
    const phoneToClerk: number[] = [];
    const phoneToRoom: number[] = [];
    const phoneToAnswer: number[] = [];
    let incomplete = 0;
    const cpuFrom = process.cpuUsage();
    const wallFrom = performance.now();
    for (let i = 0; i < BIDS; i += 1) {
      const t0 = now();
      const phone = booking !== null && i % 2 === 1;
      const res = phone
        ? await post(`/admin/telephone/${sale.id}/bids`, clerk, {
            bookingId: booking!.id,
            lotId: lot.id,
            ask: view.current.ask,
          })
        : await post(`/live/${sale.id}/bids`, bidders[i % 2]!, { lotId: lot.id, ask: view.current.ask });
      if (res.status !== (phone ? 200 : 201)) throw new Error(`bid ${i} answered ${res.status}`);
      (phone ? phoneToAnswer : toAnswer).push(now() - t0);
      view = res.body.data;
      const deadline = performance.now() + 5000;
      while ((!roomSeen.has(view.seq) || !clerkSeen.has(view.seq)) && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 1));
      if (!roomSeen.has(view.seq) || !clerkSeen.has(view.seq)) incomplete += 1;
      if (clerkSeen.has(view.seq)) (phone ? phoneToClerk : toClerk).push(clerkSeen.get(view.seq)! - t0);
      if (roomSeen.has(view.seq)) (phone ? phoneToRoom : toRoom).push(roomSeen.get(view.seq)! - t0);
    }
    const used = process.cpuUsage(cpuFrom);
    const serverCpu = (used.user + used.system) / 1000 / (performance.now() - wallFrom);
    clerkSocket.close();
    watchers.send({ type: 'close' });
    await new Promise((r) => watchers.once('exit', r));
    await app.close();
    await database.close();
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const line = (name: string, xs: number[]) => {
      const s = sorted(xs);
      return `| ${name} | ${fmt(percentile(s, 50))} | ${fmt(percentile(s, 99))} | ${fmt(s.at(-1) ?? 0)} |`;
    };
    console.log(
      `\n${toAnswer.length} online bids${PHONE ? ` and ${phoneToAnswer.length} telephone operator bids` : ''}, ${WATCHERS} watchers (${incomplete} bids not seen by every socket within 5 s); server process CPU ${Math.round(serverCpu * 100)}% of a core; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log('| from the bid request to | p50 | p99 | max |');
    console.log('|---|---:|---:|---:|');
    console.log(line("the bidder's HTTP answer", toAnswer));
    console.log(line("the clerk's socket", toClerk));
    console.log(line("the last watcher's socket", toRoom));
    if (PHONE) {
      console.log("| from the operator's telephone bid request to | p50 | p99 | max |");
      console.log('|---|---:|---:|---:|');
      console.log(line("the operator's HTTP answer", phoneToAnswer));
      console.log(line("the clerk's socket", phoneToClerk));
      console.log(line("the last watcher's socket", phoneToRoom));
      const p99 = (xs: number[]) => percentile(sorted(xs), 99);
      const met = p99(phoneToClerk) < 250 && p99(phoneToRoom) < 250;
      console.log(`Telephone bids: p99 to the clerk and the room under 250 ms: ${met ? 'met' : 'NOT met'}`);
    }
  },
};
export default bench;
