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

/** A parsed range as it is written: `127.0.0.0/8`, `::1/128`. */
export function cidrText([net, bits]: Cidr): string {
  return `${net.toString()}/${bits}`;
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

const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach that IPv4 host: IPv4-mapped
 * (::ffff:0:0/96), IPv4-compatible (::/96, deprecated by RFC 4291 but still routed by some stacks;
 * :: and ::1 themselves are IPv6's unspecified and loopback addresses), IPv4-translated
 * (::ffff:0:0:0/96, RFC 6145), NAT64 (64:ff9b::/96, RFC 6052) and 6to4 (2002::/16, RFC 3056).
 */
export function embeddedIPv4(addr: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = addr.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && p[5] === 0xffff) return v4(p[6]!, p[7]!);
  if (zeros(0, 6) && (p[6] !== 0 || p[7]! > 1)) return v4(p[6]!, p[7]!);
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return v4(p[6]!, p[7]!);
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return v4(p[6]!, p[7]!);
  if (p[0] === 0x2002) return v4(p[1]!, p[2]!);
  return undefined;
}

/**
 * True when a delivery must not connect to `ip`. Only globally routable unicast is allowed:
 * ipaddr.js classifies loopback, private, link-local, CGNAT, multicast, unspecified, broadcast,
 * documentation/reserved, unique-local, Teredo and other special ranges apart, all refused. An IPv6
 * address that embeds an IPv4 address (embeddedIPv4) is judged by that IPv4 address, so
 * [::127.0.0.1] and [64:ff9b::a9fe:a9fe] are refused like 127.0.0.1 and 169.254.169.254.
 * `allowed` (LATCHKEY_WEBHOOK_ALLOWED_CIDRS) re-opens chosen ranges, e.g. 127.0.0.0/8 in tests.
 */
export function isBlockedAddress(ip: string, allowed: readonly Cidr[] = []): boolean {
  const addr = parseAddress(ip);
  if (!addr) return true;
  if (inAny(addr, allowed)) return false;
  const inner = addr.kind() === 'ipv6' ? embeddedIPv4(addr as ipaddr.IPv6) : undefined;
  if (inner) return inAny(inner, allowed) ? false : inner.range() !== 'unicast';
  return addr.range() !== 'unicast';
}
