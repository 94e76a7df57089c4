/**
 * Child process of bench/fanout.bench.ts: N real WebSocket watchers of one lot, in a process of their own so their
 * work does not count against the server. Records, per received lot.updated frame, the time since the server
 * stamped it (`committedAt`, epoch ms with sub-ms precision; both processes share the machine's clock).
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { percentile } from './stats.ts';

const [url, countArg, lotId] = process.argv.slice(2) as [string, string, string];
const count = Number(countArg);
const send = (m: unknown) => process.send!(m);

let recording = false;
let samples = new Float64Array(1 << 20);
let n = 0;
let received = 0;
const stamp = /"committedAt":([0-9.]+)/;
const sockets: WebSocket[] = [];
let cpuFrom = process.cpuUsage();
let wallFrom = performance.now();

function onFrame(data: WebSocket.RawData) {
  const now = performance.timeOrigin + performance.now();
  if (!recording) return;
  const text = data.toString();
  if (!text.includes('"lot.updated"')) return;
  received += 1;
  const at = stamp.exec(text);
  if (!at) return;
  if (n === samples.length) {
    const bigger = new Float64Array(samples.length * 2);
    bigger.set(samples);
    samples = bigger;
  }
  samples[n++] = now - Number(at[1]);
}

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    sockets.push(ws);
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe', channels: [`lot:${lotId}`] })));
    ws.on('message', function first(data) {
      if (data.toString().startsWith('{"type":"subscribed"')) {
        ws.off('message', first);
        ws.on('message', onFrame);
        resolve();
      }
    });
  });
}

// 100 handshakes at a time: the server's accept backlog (511) is not the thing being measured.
for (let i = 0; i < count; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, count - i) }, () => open()));
}
send({ type: 'connected', count: sockets.length });

process.on('message', (m: { type: 'record' } | { type: 'report' } | { type: 'close' }) => {
  if (m.type === 'record') {
    cpuFrom = process.cpuUsage();
    wallFrom = performance.now();
    n = 0;
    received = 0;
    recording = true;
  } else if (m.type === 'report') {
    recording = false;
    const sorted = Array.from(samples.subarray(0, n)).sort((a, b) => a - b);
    const used = process.cpuUsage(cpuFrom);
    send({
      type: 'report',
      cpu: (used.user + used.system) / 1000 / (performance.now() - wallFrom),
      received,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? NaN,
    });
  } else if (m.type === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
