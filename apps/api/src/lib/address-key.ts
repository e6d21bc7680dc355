import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client address is counted under when throttling. An IPv4 address is one key. An IPv6
 * client is usually handed a whole /64 (RFC 6177), so counting single addresses would give it 2^64
 * fresh ones: its key is the /64 prefix. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a
 * dual-stack socket reports IPv4 clients) is the IPv4 address. Anything else is kept as given.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const hextets = expandIpv6(address.split('%')[0] ?? address);
  return `${hextets.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups, without leading zeros, of a valid IPv6 address. */
function expandIpv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad (`::1.2.3.4`) stands for the last two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
