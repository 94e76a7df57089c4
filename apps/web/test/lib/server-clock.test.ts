import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setRenderClock, setSocketClock, useServerTime, useServerTimeValue } from '@/lib/server-clock.ts';

/**
 * What a server render and the browser's hydration of it read (useSyncExternalStore's server snapshot, which
 * renderToString uses): the render's clock plus the payload's offset, never the live socket's. The server has no
 * socket; a browser hydrating one part of the page after another part started the socket must read the same.
 */
function serverRender<T>(read: () => T): T {
  let value: T | undefined;
  function Probe() {
    value = read();
    return null;
  }
  renderToString(createElement(Probe));
  return value as T;
}

afterEach(() => setSocketClock(() => 0));

describe('the server clock while a page hydrates', () => {
  it('reads the render clock plus the payload offset, whatever offset the live socket has measured', () => {
    setRenderClock(1_000_000);
    setSocketClock(() => 5_000);
    expect(serverRender(() => useServerTime(200))).toBe(1_000_200);
    expect(serverRender(() => useServerTimeValue(200, (now) => now))).toBe(1_000_200);
    // A countdown's words: 60 s left at the render's time, not 55 s.
    expect(serverRender(() => useServerTimeValue(0, (now) => Math.round((1_060_000 - now) / 1000)))).toBe(60);
  });
});
