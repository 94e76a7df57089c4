import { describe, expect, it } from 'vitest';
import { isUuid, UUID_PATTERN } from '../../src/constants/ids.ts';
import {
  liveSaleChannelPattern,
  lotChannelPattern,
  userChannelPattern,
} from '../../src/realtime/protocol.ts';

const id = '0b7c6f4e-9a41-4d3e-8f21-5c2b7a9e1d30';

describe('the one UUID pattern', () => {
  it('takes a UUID in either case, and nothing around it', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    expect(isUuid(` ${id}`)).toBe(false);
    expect(isUuid(`${id}0`)).toBe(false);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(UUID_PATTERN.test(id.replace(/-/g, ''))).toBe(false);
  });

  it('is the id inside the realtime channel names', () => {
    expect(lotChannelPattern.exec(`lot:${id}`)?.[1]).toBe(id);
    expect(userChannelPattern.test(`USER:${id.toUpperCase()}`)).toBe(true);
    expect(liveSaleChannelPattern.test(`live:${id}x`)).toBe(false);
  });
});
