/**
 * Child process of bench/live-sales.bench.ts: N online watchers of one live sale on real WebSockets, in a process
 * of their own so reading 1,000 copies of every event does not run on the server's core. For each `live.state`
 * seq it records the receipt time of the last socket (epoch ms with sub-ms precision: both processes read the
 * machine's clock) and tells the parent once every socket has it.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const [url, countArg, channel] = process.argv.slice(2) as [string, string, string];
const count = Number(countArg);
const send = (m: unknown) => process.send!(m);
// The event's data opens with the sale and its seq; a regex over the frame costs far less than a JSON parse per
// socket, which would delay the next sockets' receipt times and inflate the figure.
const seqOf = /"auctionId":"[^"]+","seq":(\d+)/;
const seen = new Map<number, { count: number; at: number }>();
const sockets: WebSocket[] = [];

function onFrame(data: WebSocket.RawData) {
  const at = performance.timeOrigin + performance.now();
  const m = seqOf.exec(data.toString());
  if (!m) return;
  const seq = Number(m[1]);
  const s = seen.get(seq) ?? { count: 0, at: 0 };
  s.count += 1;
  s.at = Math.max(s.at, at);
  seen.set(seq, s);
  if (s.count === count) {
    send({ type: 'seen', seq, at: s.at });
    seen.delete(seq);
  }
}

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    sockets.push(ws);
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe', channels: [channel] })));
    ws.on('message', function first(data) {
      if (data.toString().startsWith('{"type":"subscribed"')) {
        ws.off('message', first);
        ws.on('message', onFrame);
        resolve();
      }
    });
  });
}

for (let i = 0; i < count; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, count - i) }, () => open()));
}
send({ type: 'connected', count: sockets.length });

process.on('message', (m: { type: 'close' }) => {
  if (m.type === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
