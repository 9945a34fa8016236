// Per-IP limits behind a reverse proxy (LATCHKEY_TRUST_PROXY): the client address comes from
// X-Forwarded-For only when the connection comes from a configured proxy. Without the setting, or
// from any other address, the header is ignored, so a client cannot pick a fresh address per
// request to slip past the limits. Seen through the token endpoint's per-IP limit (429).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const PER_IP = 3;
let plain: TestApp;
let proxied: TestApp;
before(async () => {
  plain = await startTestApp({ LATCHKEY_TOKEN_RATE_PER_IP: String(PER_IP) });
  proxied = await startTestApp({
    LATCHKEY_TOKEN_RATE_PER_IP: String(PER_IP),
    LATCHKEY_TRUST_PROXY: '10.1.0.0/16',
  });
});
after(async () => {
  await plain.close();
  await proxied.close();
});
let seq = 0;
/** A forwarded client address no request of this file used before. */
const fresh = (prefix: string) => `${prefix}.${++seq}`;

/** A token request with bad credentials: counted by the per-IP limit (checked first), then 401. */
async function tokenStatus(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<number> {
  const r = await t.inject({
    method: 'POST',
    url: '/v2/auth/token/',
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: JSON.stringify({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x' }),
  });
  return r.statusCode;
}

const statuses = async (n: number, f: () => Promise<number>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await f());
  return out;
};

describe('client address behind a proxy', () => {
  it('unset: X-Forwarded-For is ignored, every request counts against the socket address', async () => {
    const got = await statuses(PER_IP + 1, () => tokenStatus(plain, '10.1.1.1', fresh('203.0.113')));
    assert.equal(got.at(-1), 429, JSON.stringify(got));
  });

  it('from a trusted proxy: each forwarded client has its own limit', async () => {
    const t = proxied;
    const first = await statuses(PER_IP + 1, () => tokenStatus(t, '10.1.1.1', '203.0.113.7'));
    assert.equal(first.at(-1), 429, JSON.stringify(first));
    assert.ok(
      first.slice(0, PER_IP).every((s) => s !== 429),
      JSON.stringify(first),
    );
    // Another client through the same proxy is not limited by the first one's requests.
    assert.notEqual(await tokenStatus(t, '10.1.1.1', '203.0.113.8'), 429);
    // A chain: the client is the address left of the trusted hops.
    assert.equal(await tokenStatus(t, '10.1.1.1', '203.0.113.7, 10.1.2.2'), 429);
  });

  it('from an untrusted address the header is ignored even when the setting is on', async () => {
    const got = await statuses(PER_IP + 1, () => tokenStatus(proxied, '192.0.2.50', fresh('198.51.100')));
    assert.equal(got.at(-1), 429, JSON.stringify(got));
  });
});
