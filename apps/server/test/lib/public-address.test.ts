import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/lib/public-address.ts';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, reserved and documentation IPv4', () => {
    for (const a of [
      '0.0.0.0',
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '10.255.1.2',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '192.0.2.10',
      '198.51.100.1',
      '203.0.113.9',
      '198.18.0.1',
      '192.0.0.8',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('refuses the same in IPv6, IPv4-mapped, NAT64 and 6to4 forms', () => {
    for (const a of [
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      'fec0::1',
      '2001:db8::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:0:0',
      '64:ff9b::a00:1',
      '64:ff9b::127.0.0.1',
      '2002:0a00:0001::1',
      '2002:c0a8:0101::',
      '::127.0.0.1',
      '100::1',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('accepts public addresses, also IPv4-mapped ones', () => {
    for (const a of [
      '142.250.74.42',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2a00:1450:4001:82b::200a',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });

  it('refuses what is not an address', () => {
    for (const a of ['', 'localhost', '1.2.3', '999.1.1.1', 'fcm.googleapis.com', '[::1]'])
      expect(isPublicAddress(a), a).toBe(false);
  });
});
