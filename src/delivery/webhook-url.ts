// Webhook URL rules (docs/webhooks.md). Pure parsing first (`webhookUrlParse`), then the address
// check (`webhookHostCheck`), which resolves the host and refuses it if ANY address is blocked.
//
// Credentials are read from the raw string, not from `new URL()`: the WHATWG parser percent-encodes
// some characters and splits on the last `@`, so `https://a@b:c@host` would look acceptable after
// parsing. The raw userinfo must be `user:password`, each made only of RFC 3986 unreserved
// characters or %XX escapes: every reserved character  : / ? # [ ] @ ! $ & ' ( ) * + , ; =  is refused.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type Cidr, isBlockedAddress } from './address-policy.ts';

export const URL_MAX_LENGTH = 2048;
export const RESERVED_CHARS = ":/?#[]@!$&'()*+,;=";
const CREDENTIAL_PART = /^(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+$/;

export interface WebhookUrl {
  /** Where deliveries go: normalized, without credentials. */
  url: string;
  /** As shown to the integrator: the password replaced by `****`. */
  display: string;
  /** `user:password` exactly as written, or undefined. */
  credentials?: string;
  /** Host name or IP literal (IPv6 without brackets). */
  host: string;
}

export class WebhookUrlError extends Error {}

function describePart(part: string, name: string): string | undefined {
  if (part === '') return `the ${name} must not be empty`;
  const reserved = [...part].find((c) => RESERVED_CHARS.includes(c));
  if (reserved) return `the ${name} must not contain the reserved character "${reserved}" (RFC 3986)`;
  if (!CREDENTIAL_PART.test(part))
    return `the ${name} may only hold letters, digits, - . _ ~ and %XX escapes`;
  return undefined;
}

export function webhookUrlParse(raw: string): WebhookUrl {
  if (raw.length > URL_MAX_LENGTH) throw new WebhookUrlError(`must be at most ${URL_MAX_LENGTH} characters`);
  if ([...raw].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f || /\s/.test(c)))
    throw new WebhookUrlError('must not contain spaces or control characters');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(raw);
  if (!scheme) throw new WebhookUrlError('must be an absolute URL such as https://example.com/hooks');
  if (scheme[1]!.toLowerCase() !== 'https') throw new WebhookUrlError('must use https');
  if (!raw.slice(scheme[0].length).startsWith('//'))
    throw new WebhookUrlError('must be an absolute URL such as https://example.com/hooks');
  if (raw.includes('#')) throw new WebhookUrlError('must not have a fragment (#...)');
  if (raw.includes('\\')) throw new WebhookUrlError('must not contain a backslash');

  // Authority as written: after "https://" up to the first "/", "?" (no "#": refused above).
  const rest = raw.slice(scheme[0].length + 2);
  const end = rest.search(/[/?]/);
  const authority = end < 0 ? rest : rest.slice(0, end);
  let credentials: string | undefined;
  let user = '';
  const at = authority.lastIndexOf('@');
  if (at >= 0) {
    const userinfo = authority.slice(0, at);
    const colon = userinfo.indexOf(':');
    if (colon < 0) throw new WebhookUrlError('credentials must have the form user:password@');
    user = userinfo.slice(0, colon);
    const password = userinfo.slice(colon + 1);
    const problem = describePart(user, 'user name') ?? describePart(password, 'password');
    if (problem) throw new WebhookUrlError(problem);
    credentials = `${user}:${password}`;
  }

  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new WebhookUrlError('is not a valid URL');
  }
  if (u.protocol !== 'https:') throw new WebhookUrlError('must use https');
  if (!u.hostname) throw new WebhookUrlError('must name a host');
  if (u.port === '0') throw new WebhookUrlError('must not use port 0');
  u.username = '';
  u.password = '';
  const url = u.href;
  const display = credentials ? url.replace(/^https:\/\//, `https://${user}:****@`) : url;
  const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
  return { url, display, credentials, host };
}

export type Lookup = (host: string) => Promise<string[]>;

// Says how to open such ranges: on a laptop (`npm run dev`) loopback is open already.
const NOT_ALLOWED =
  "an address that is not allowed (private, loopback, link-local or otherwise not public; the server's LATCHKEY_WEBHOOK_ALLOWED_CIDRS can allow chosen ranges, and `npm run dev` allows loopback)";

/** A registration must not hang on a dead resolver: after this, the host counts as unresolvable. */
export const LOOKUP_TIMEOUT_MS = 5000;

export const systemLookup: Lookup = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([dnsLookup(host, { all: true, verbatim: true }), timeout]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Refuses a host that is, or resolves to, a blocked address (any of its addresses: a receiver
 * must not be able to name an internal one beside a public one). Throws WebhookUrlError.
 */
export async function webhookHostCheck(
  host: string,
  allowed: readonly Cidr[],
  lookup: Lookup = systemLookup,
): Promise<void> {
  if (isIP(host)) {
    if (isBlockedAddress(host, allowed)) throw new WebhookUrlError(`must not point to ${NOT_ALLOWED}`);
    return;
  }
  // One answer whether the name does not resolve or resolves to a blocked address, and it never
  // says which address: either would turn registration into a way of reading internal DNS (which
  // internal names exist, and where they point).
  const refused = new WebhookUrlError(`host "${host}" resolves to ${NOT_ALLOWED}, or cannot be resolved`);
  let addresses: string[];
  try {
    addresses = await lookup(host);
  } catch {
    throw refused;
  }
  if (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a, allowed))) throw refused;
}
