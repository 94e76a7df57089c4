import net from 'node:net';

/**
 * Ranges no server-side request may reach (RFC 6890 special-purpose registries): this host, loopback,
 * private, shared (CGNAT), link-local (cloud metadata at 169.254.169.254), documentation, benchmarking,
 * multicast and reserved. A BlockList also matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against IPv4 rules.
 */
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/** The IPv4 address an IPv6 one carries by translation (NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedIpv4(address: string): string | undefined {
  const words = expandIpv6(address);
  if (!words) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0))
    return v4(words[6]!, words[7]!);
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!);
  return undefined;
}

/** The eight 16-bit words of an IPv6 address (with a trailing dotted quad allowed). */
function expandIpv6(address: string): number[] | undefined {
  let text = address;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string?];
  const part = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const words =
    tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff)
    ? words
    : undefined;
}

/**
 * Whether the server may open a connection to this literal address: false for anything private, local or
 * reserved, in IPv4, IPv6, IPv4-mapped or translated form, and for anything that is not an IP address.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) only ever marks link-local
  const family = net.isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  if (blocked.check(bare, 'ipv6')) return false;
  const inner = embeddedIpv4(bare);
  return inner === undefined || !blocked.check(inner, 'ipv4');
}
