// Which IP addresses a webhook may be delivered to. Pure functions; used at registration (on every
// address the host resolves to) and again at connect time on the address actually dialled.
import ipaddr from 'ipaddr.js';

export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses `a.b.c.d/n` and `x::/n` ranges; throws naming the bad entry. */
export function parseCidrList(list: readonly string[]): Cidr[] {
  return list.map((s) => {
    try {
      return ipaddr.parseCIDR(s) as Cidr;
    } catch {
      throw new Error(`"${s}" is not a CIDR range such as 127.0.0.0/8 or ::1/128`);
    }
  });
}

/** Normalizes an address string; IPv4-mapped IPv6 (::ffff:127.0.0.1) becomes the IPv4 it carries. */
export function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(ip)) return undefined;
  const addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (addr as ipaddr.IPv6).toIPv4Address();
  }
  return addr;
}

function inAny(addr: ipaddr.IPv4 | ipaddr.IPv6, ranges: readonly Cidr[]): boolean {
  return ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));
}

/**
 * True when a delivery must not connect to `ip`. Only globally routable unicast is allowed:
 * ipaddr.js classifies loopback, private, link-local, CGNAT, multicast, unspecified, broadcast,
 * documentation/reserved, unique-local, 6to4, Teredo and NAT64 as other ranges, all refused.
 * `allowed` (LATCHKEY_WEBHOOK_ALLOWED_CIDRS) re-opens chosen ranges, e.g. 127.0.0.0/8 in tests.
 */
export function isBlockedAddress(ip: string, allowed: readonly Cidr[] = []): boolean {
  const addr = parseAddress(ip);
  if (!addr) return true;
  if (inAny(addr, allowed)) return false;
  return addr.range() !== 'unicast';
}
