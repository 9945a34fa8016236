// Abuse of the outside review, replayed: floods of junk client ids (memory stays bounded), an
// attacker's wrong secrets trying to lock a client out, and amplification through error bodies.
// Default token limits (600 per client per minute, 6000 per address); addresses vary with inject's
// remoteAddress. scripts/abuse.ts replays the same against a running server, with memory numbers.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { RateLimiter } from '../src/http/rate-limit.ts';
import { OTP_RATE_PER_IP } from '../src/resources/app/login.ts';
import { startTestApp, type TestApp } from '../test/helpers/app.ts';
import { createClient, createOrganization, createTenant, type Tenant } from '../test/helpers/factories.ts';

const PER_CLIENT = 600;
let t: TestApp;
let a: Tenant;
before(async () => {
  t = await startTestApp({
    LATCHKEY_TOKEN_RATE_PER_CLIENT: String(PER_CLIENT),
    LATCHKEY_TOKEN_RATE_PER_IP: '6000',
  });
  a = await createTenant(t);
});
after(() => t.close());

const ENDPOINTS = ['/v2/auth/token/', '/oauth2/token', '/auth/v1/token'] as const;
const scopeFor = (url: string, organizationId: string) =>
  url === '/auth/v1/token'
    ? { scope: 'integrator.admin' }
    : { scope: 'organization.admin', organization_id: organizationId };

async function post(url: string, body: Record<string, unknown>, ip: string) {
  const r = await t.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ grant_type: 'client_credentials', ...body }),
  });
  return { status: r.statusCode, body: r.json() as { error?: string }, length: r.body.length };
}

/** Runs `body` with the app's failed-authentication limiter replaced by `limiter`, then puts it back. */
async function withTokenFailures(limiter: RateLimiter, body: () => Promise<void>): Promise<void> {
  const saved = t.ctx.tokenFailures;
  t.ctx.tokenFailures = limiter;
  try {
    await body();
  } finally {
    t.ctx.tokenFailures = saved;
  }
}

describe('junk and huge client ids', () => {
  it('distinct ~1 MiB client ids on every token endpoint are 401 invalid_client and keep nothing', async () => {
    const sizes = () => [t.ctx.tokenRateByClient.size, t.ctx.tokenFailures.size];
    const before = sizes();
    const filler = 'x'.repeat(1_000_000);
    for (let i = 0; i < 60; i++) {
      const url = ENDPOINTS[i % 3]!;
      const r = await post(
        url,
        { client_id: `${i}${filler}`, client_secret: 'wrong', scope: 'project.admin' },
        '203.0.113.1',
      );
      assert.equal(r.status, 401);
      assert.equal(r.body.error, 'invalid_client');
    }
    assert.deepEqual(sizes(), before, 'no limiter grew');
  });

  it('a flood of distinct well-formed client ids fills a limiter only up to its cap', async () => {
    await withTokenFailures(new RateLimiter(PER_CLIENT, 60_000, 200), async () => {
      for (let i = 0; i < 600; i++) {
        const r = await post(
          '/oauth2/token',
          { client_id: randomUUID(), client_secret: 'wrong', ...scopeFor('', randomUUID()) },
          `198.51.100.${i % 200}`,
        );
        assert.equal(r.status, 401);
      }
      assert.equal(t.ctx.tokenFailures.size, 200);
    });
  });
});

describe('lockout from another address', () => {
  for (const url of ENDPOINTS) {
    it(`${url}: the client gets 200 after an attacker's ${PER_CLIENT + 20}+ failures in upper and lower case`, async () => {
      const organizationId = await createOrganization(t, 'Victim Org');
      const c = await createClient(t, organizationId);
      const attacker = '2001:db8:bad::1';
      // The failures' limiter with PER_CLIENT an hour, not a minute: its bucket refills at 10 a
      // minute while this runs, so the attacker is throttled after about PER_CLIENT failures however
      // slowly this machine sends them. At PER_CLIENT a minute, a loaded run's 1,200 failures took
      // 61 s and never emptied it.
      await withTokenFailures(new RateLimiter(PER_CLIENT, 3_600_000), async () => {
        const statuses: Record<number, number> = {};
        // Failures until the attacker is throttled, and at least PER_CLIENT + 20 of them.
        for (let i = 0; i < PER_CLIENT + 20 || !statuses[429]; i++) {
          assert.ok(i < 2 * PER_CLIENT, `never throttled: ${JSON.stringify(statuses)}`);
          const id = i % 2 ? c.clientId.toUpperCase() : c.clientId;
          const r = await post(
            url,
            { client_id: id, client_secret: 'lk_secret_wrong', ...scopeFor(url, organizationId) },
            attacker,
          );
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        }
        // Upper and lower case share one bucket: had they not, 2 × PER_CLIENT would pass unthrottled.
        assert.deepEqual(Object.keys(statuses).sort(), ['401', '429']);
        // With the attacker's failures still counted: the client, from its own address, gets in.
        for (const id of [c.clientId, c.clientId.toUpperCase()]) {
          const r = await post(
            url,
            { client_id: id, client_secret: c.clientSecret, ...scopeFor(url, organizationId) },
            '192.0.2.44',
          );
          assert.equal(r.status, 200, JSON.stringify(r.body));
        }
      });
    });
  }
});

describe('amplification', () => {
  it('100,000 unknown fields → a small 400 (resource route and the unauthenticated app login)', async () => {
    const body: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) body[i.toString(36)] = 0;
    const payload = JSON.stringify(body);
    for (const [url, headers] of [
      [`/v2/projects/${a.projectId}/locks`, { authorization: `Bearer ${a.projectToken}` }],
      ['/v2/app/auth/otp', {}],
    ] as const) {
      const r = await t.inject({
        method: 'POST',
        url,
        remoteAddress: '203.0.113.99',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
      assert.equal(r.statusCode, 400, r.body.slice(0, 300));
      assert.ok(r.body.length < 1024, `${url}: ${r.body.length} bytes`);
      assert.ok(r.json().invalidParams.length <= 50);
    }
  });

  it('malformed app-login requests count against the per-address limit (also within one IPv6 /64)', async () => {
    let limited = 0;
    for (let i = 0; i <= OTP_RATE_PER_IP; i++) {
      const r = await t.inject({
        method: 'POST',
        url: '/v2/app/auth/otp',
        remoteAddress: `2001:db8:77:1::${(i + 1).toString(16)}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ junk: i }),
      });
      if (r.statusCode === 429) limited += 1;
      else assert.equal(r.statusCode, 400, r.body);
    }
    assert.equal(limited, 1, `request ${OTP_RATE_PER_IP + 1} from one /64 is 429 even with a malformed body`);
  });
});
