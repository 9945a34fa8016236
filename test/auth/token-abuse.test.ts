// Abuse of the token endpoints: ids that cannot be a client's keep no state, wrong secrets from
// one address never lock the real client out from another, and every parameter is bounded.
// Small per-client limit (LATCHKEY_TOKEN_RATE_PER_CLIENT=5); addresses vary with inject's remoteAddress.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createClient, createOrganization } from '../helpers/factories.ts';
import { skipThroughPrism } from '../helpers/prism.ts';

const PER_CLIENT = 5;
let t: TestApp;

before(async () => {
  t = await startTestApp({ LATCHKEY_TOKEN_RATE_PER_CLIENT: String(PER_CLIENT) });
});
after(() => t.close());

interface Client {
  organizationId: string;
  clientId: string;
  clientSecret: string;
}

async function newClient(): Promise<Client> {
  const organizationId = await createOrganization(t, 'Abuse Org');
  return { organizationId, ...(await createClient(t, organizationId)) };
}

const ENDPOINTS: Array<[string, (c: Client) => Record<string, string>]> = [
  ['/v2/auth/token/', (c) => ({ scope: 'organization.admin', organization_id: c.organizationId })],
  ['/oauth2/token', (c) => ({ scope: 'organization.admin', organization_id: c.organizationId })],
  ['/auth/v1/token', () => ({ scope: 'integrator.admin' })],
];

async function post(url: string, body: Record<string, unknown>, ip: string, headers = {}) {
  const r = await t.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ grant_type: 'client_credentials', ...body }),
  });
  return { status: r.statusCode, body: r.json() as { error?: string; error_description?: string } };
}

const limiterSizes = () => [t.ctx.tokenRateByClient.size, t.ctx.tokenFailures.size];

describe(
  'ids that cannot be a client id',
  skipThroughPrism('each request carries its own client address here; through the proxy all come from one'),
  () => {
    for (const [url, extra] of ENDPOINTS) {
      it(`${url}: junk and huge client ids are 401 invalid_client and keep no per-client state`, async () => {
        const c = await newClient();
        const before = limiterSizes();
        const junk = [
          'x'.repeat(256),
          `${c.clientId}x`,
          'a'.repeat(64 * 1024),
          'not-a-client',
          c.clientId.padEnd(300, '0'),
        ];
        for (const [i, id] of junk.entries()) {
          const r = await post(url, { client_id: id, client_secret: 'wrong', ...extra(c) }, `10.9.0.${i}`);
          assert.equal(r.status, 401, JSON.stringify(r.body));
          assert.equal(r.body.error, 'invalid_client');
          const basic = Buffer.from(`${id}:wrong`).toString('base64');
          const b = await post(url, extra(c), `10.9.1.${i}`, { authorization: `Basic ${basic}` });
          assert.equal(b.status, 401, JSON.stringify(b.body));
        }
        assert.deepEqual(limiterSizes(), before, 'no bucket was kept for any junk id');
      });
    }

    it('/v2/auth/resources-discovery/: a junk id is 401 invalid_client and keeps nothing; wrong secrets are limited per address', async () => {
      const c = await newClient();
      const before = limiterSizes();
      const r = await post(
        '/v2/auth/resources-discovery/',
        { client_id: 'y'.repeat(100_000), client_secret: 'x' },
        '10.9.4.1',
      );
      assert.equal(r.status, 401);
      assert.equal(r.body.error, 'invalid_client');
      assert.deepEqual(limiterSizes(), before);
      for (let i = 0; i < PER_CLIENT; i++) {
        const w = await post(
          '/v2/auth/resources-discovery/',
          { client_id: c.clientId, client_secret: 'x' },
          '10.9.4.2',
        );
        assert.equal(w.status, 401);
      }
      const limited = await post(
        '/v2/auth/resources-discovery/',
        { client_id: c.clientId, client_secret: c.clientSecret },
        '10.9.4.2',
      );
      assert.equal(limited.status, 429);
      const ok = await post(
        '/v2/auth/resources-discovery/',
        { client_id: c.clientId, client_secret: c.clientSecret },
        '10.9.4.3',
      );
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
    });

    it('a client secret longer than 255 characters is invalid_client; other over-long fields are invalid_request', async () => {
      const c = await newClient();
      const creds = { client_id: c.clientId, client_secret: c.clientSecret };
      let r = await post(
        '/oauth2/token',
        { ...creds, client_secret: 's'.repeat(256), scope: 'organization.admin' },
        '10.9.2.1',
      );
      assert.equal(r.status, 401);
      assert.equal(r.body.error, 'invalid_client');
      r = await post('/oauth2/token', { ...creds, scope: 'organization.admin '.repeat(200) }, '10.9.2.1');
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.error, 'invalid_request');
      assert.match(r.body.error_description ?? '', /scope must be at most 2048 characters/);
      r = await post('/auth/v1/token', { ...creds, scope: Array(21).fill('integrator.admin') }, '10.9.2.1');
      assert.equal(r.status, 400, JSON.stringify(r.body));
      r = await post(
        '/v2/auth/token/',
        { ...creds, grant_type: 'g'.repeat(65), scope: 'organization.admin' },
        '10.9.2.1',
      );
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.match(r.body.error_description ?? '', /grant_type must be at most 64/);
    });
  },
);

describe(
  'wrong secrets from one address do not lock the client out',
  skipThroughPrism('each request carries its own client address here; through the proxy all come from one'),
  () => {
    for (const [url, extra] of ENDPOINTS) {
      it(`${url}: after an attacker's failures (upper and lower case id) the client still gets a token elsewhere`, async () => {
        const c = await newClient();
        const attacker = '198.51.100.7';
        let limited = 0;
        for (let i = 0; i < PER_CLIENT * 4; i++) {
          const id = i % 2 ? c.clientId.toUpperCase() : c.clientId;
          const r = await post(
            url,
            { client_id: id, client_secret: 'lk_secret_guess', ...extra(c) },
            attacker,
          );
          assert.ok(r.status === 401 || r.status === 429, `${r.status} ${JSON.stringify(r.body)}`);
          if (r.status === 429) limited += 1;
        }
        // The upper-case id shared the lower-case id's bucket: PER_CLIENT failures in all, then 429.
        assert.equal(limited, PER_CLIENT * 3);
        // The attacker's address is refused even the right secret for this client (it is throttled)...
        const fromAttacker = await post(
          url,
          { client_id: c.clientId, client_secret: c.clientSecret, ...extra(c) },
          attacker,
        );
        assert.equal(fromAttacker.status, 429);
        assert.match(fromAttacker.body.error_description ?? '', /failed authentications/);
        // ...but the client itself, from its own address, is not.
        const victim = await post(
          url,
          { client_id: c.clientId, client_secret: c.clientSecret, ...extra(c) },
          '192.0.2.10',
        );
        assert.equal(victim.status, 200, JSON.stringify(victim.body));
        // Nor from an address of another /64 than an IPv6 attacker's.
        for (let i = 0; i < PER_CLIENT; i++)
          await post(
            url,
            { client_id: c.clientId, client_secret: 'x', ...extra(c) },
            `2001:db8:0:1::${i + 1}`,
          );
        const sameNet = await post(
          url,
          { client_id: c.clientId, client_secret: 'x', ...extra(c) },
          '2001:db8:0:1::ffff',
        );
        assert.equal(sameNet.status, 429, 'the attacker gains nothing by changing address within its /64');
        const otherNet = await post(
          url,
          { client_id: c.clientId, client_secret: c.clientSecret, ...extra(c) },
          '2001:db8:0:2::1',
        );
        assert.equal(otherNet.status, 200);
      });
    }

    it('successful requests are limited per client, whatever the address and the id case', async () => {
      const c = await newClient();
      const [url, extra] = ENDPOINTS[1]!;
      for (let i = 0; i < PER_CLIENT; i++) {
        const id = i % 2 ? c.clientId.toUpperCase() : c.clientId;
        const r = await post(
          url,
          { client_id: id, client_secret: c.clientSecret, ...extra(c) },
          `10.9.3.${i}`,
        );
        assert.equal(r.status, 200, JSON.stringify(r.body));
      }
      const r = await post(
        url,
        { client_id: c.clientId.toUpperCase(), client_secret: c.clientSecret, ...extra(c) },
        '10.9.3.200',
      );
      assert.equal(r.status, 429);
      assert.match(r.body.error_description ?? '', /for this client/);
    });
  },
);
