import { isIP } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (a zone id is dropped, a trailing IPv4 part folded in). */
function groupsOf(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16));
}

/**
 * Whom a per-address rate limit counts: an IPv4 address as it is, an IPv6 address by its /64. A
 * home, office or phone connection gets a whole /64 and may use any address in it, so counting
 * single IPv6 addresses would give one client 2^64 budgets. An IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.7`, a dual-stack socket) is its IPv4 address. Every per-address limit of the
 * app (the routes' `config.rateLimit` and the customer page's own counters) keys on this.
 */
export function clientKey(ip: string | undefined): string {
  const address = ip ?? '';
  if (isIP(address.split('%')[0]!) !== 6) return address.toLowerCase();
  const groups = groupsOf(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
