// Brute force: the token endpoints and the app login are rate limited per client id (or phone) and
// per source address, answering 429 with Retry-After. Wrong client secrets are limited per client
// and source address (so they never lock the client out from elsewhere: abuse.test.ts). The app runs with small token limits
// (LATCHKEY_TOKEN_RATE_PER_CLIENT=3, LATCHKEY_TOKEN_RATE_PER_IP=5); the app login limits are the
// constants of src/resources/app/login.ts. Addresses are varied with inject's remoteAddress.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { OTP_RATE_PER_IP, OTP_RATE_PER_PHONE, TOKEN_RATE_PER_IP } from '../src/resources/app/login.ts';
import { startTestApp, type TestApp } from '../test/helpers/app.ts';
import { appToken, newPhone } from '../test/helpers/events.ts';
import { createClient, createOrganization } from '../test/helpers/factories.ts';

const PER_CLIENT = 3;
const PER_IP = 5;
let t: TestApp;
let ipSeq = 0;
/** A source address no other request of this file used. */
const freshIp = () => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

before(async () => {
  t = await startTestApp({
    LATCHKEY_TOKEN_RATE_PER_CLIENT: String(PER_CLIENT),
    LATCHKEY_TOKEN_RATE_PER_IP: String(PER_IP),
  });
});
after(() => t.close());

async function post(url: string, body: unknown, ip: string) {
  const r = await t.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: r.statusCode, headers: r.headers, body: r.body };
}

function assertLimited(r: { status: number; headers: Record<string, unknown>; body: string }, what: string) {
  assert.equal(r.status, 429, `${what}: ${r.status} ${r.body}`);
  const retry = Number(r.headers['retry-after']);
  assert.ok(Number.isInteger(retry) && retry >= 1, `${what}: Retry-After ${r.headers['retry-after']}`);
}

/**
 * Sends until the first 429: at least `limit` requests pass (with `okStatus`), and the 429 comes
 * within a few more. The buckets refill continuously (200 per 15 minutes is one every 4.5 s), so
 * on a slow store a request or two beyond the limit may pass; the exact count is not asserted.
 */
async function untilLimited(
  limit: number,
  okStatus: number,
  send: () => Promise<{ status: number; headers: Record<string, unknown>; body: string }>,
) {
  let passed = 0;
  for (;;) {
    const r = await send();
    if (r.status === 429) {
      assertLimited(r, 'limit');
      break;
    }
    assert.equal(r.status, okStatus, r.body);
    passed += 1;
    assert.ok(passed <= limit + 5, `no 429 after ${passed} requests (limit ${limit})`);
  }
  assert.ok(passed >= limit, `429 after only ${passed} requests (limit ${limit})`);
}

async function newClient() {
  const org = await createOrganization(t, `Org ${randomUUID()}`);
  return { organizationId: org, ...(await createClient(t, org)) };
}

const ENDPOINTS: Array<[url: string, body: (c: Awaited<ReturnType<typeof newClient>>) => unknown]> = [
  [
    '/v2/auth/token/',
    (c) => ({
      grant_type: 'client_credentials',
      client_id: c.clientId,
      client_secret: c.clientSecret,
      scope: 'organization.admin',
      organization_id: c.organizationId,
    }),
  ],
  [
    '/oauth2/token',
    (c) => ({
      grant_type: 'client_credentials',
      client_id: c.clientId,
      client_secret: c.clientSecret,
      scope: 'organization.admin',
      organization_id: c.organizationId,
    }),
  ],
  [
    '/auth/v1/token',
    (c) => ({
      grant_type: 'client_credentials',
      client_id: c.clientId,
      client_secret: c.clientSecret,
      scope: 'integrator.admin',
    }),
  ],
];

describe('token endpoints: per client id', () => {
  for (const [url, body] of ENDPOINTS) {
    it(`${url}: grant for one client number ${PER_CLIENT + 1} is 429, whatever the address`, async () => {
      const c = await newClient();
      for (let i = 0; i < PER_CLIENT; i++) {
        const r = await post(url, body(c), freshIp());
        assert.equal(r.status, 200, r.body);
      }
      assertLimited(await post(url, body(c), freshIp()), url);
      // Another client is not affected.
      assert.equal((await post(url, body(await newClient()), freshIp())).status, 200);
    });
  }

  it('wrong secrets are throttled per client and address, known client or not (no oracle for which ids exist)', async () => {
    const known = (await newClient()).clientId;
    for (const id of [randomUUID(), known]) {
      const ip = freshIp();
      const guess = () => ({
        grant_type: 'client_credentials',
        client_id: id,
        client_secret: 'lk_secret_guess',
        scope: 'project.admin',
        project_id: randomUUID(),
      });
      for (let i = 0; i < PER_CLIENT; i++)
        assert.equal((await post('/oauth2/token', guess(), ip)).status, 401);
      assertLimited(await post('/oauth2/token', guess(), ip), 'guesses from one address');
      // The same guesses from another address are judged on their own.
      assert.equal((await post('/oauth2/token', guess(), freshIp())).status, 401);
    }
  });
});

describe('token endpoints: per source address', () => {
  for (const url of [...ENDPOINTS.map((e) => e[0]), '/v2/auth/resources-discovery/']) {
    it(`${url}: request from one address number ${PER_IP + 1} is 429, whatever the client`, async () => {
      const ip = freshIp();
      const guess = () => ({
        grant_type: 'client_credentials',
        client_id: randomUUID(),
        client_secret: 'guess',
      });
      for (let i = 0; i < PER_IP; i++) {
        const r = await post(url, guess(), ip);
        assert.notEqual(r.status, 429, r.body);
        assert.ok(r.status === 400 || r.status === 401, `${r.status} ${r.body}`);
      }
      assertLimited(await post(url, guess(), ip), url);
      // A real client's correct secret from that address is refused too, before any work.
      const c = await newClient();
      assertLimited(
        await post(url, { ...guess(), client_id: c.clientId, client_secret: c.clientSecret }, ip),
        url,
      );
      // Another address is not affected.
      assert.notEqual((await post(url, guess(), freshIp())).status, 429);
    });
  }
});

describe('app login (OTP)', () => {
  it(`POST /v2/app/auth/otp: code for one phone number ${OTP_RATE_PER_PHONE + 1} is 429, whatever the address`, async () => {
    const phone = newPhone();
    await appToken(t, phone); // a known app user, so codes are really issued
    for (let i = 0; i < OTP_RATE_PER_PHONE; i++) {
      assert.equal((await post('/v2/app/auth/otp', { appUserId: phone }, freshIp())).status, 202);
    }
    assertLimited(await post('/v2/app/auth/otp', { appUserId: phone }, freshIp()), 'otp per phone');
    assert.equal((await post('/v2/app/auth/otp', { appUserId: newPhone() }, freshIp())).status, 202);
  });

  it(`POST /v2/app/auth/otp: request from one address number ${OTP_RATE_PER_IP + 1} is 429, whatever the phone`, async () => {
    const ip = freshIp();
    await untilLimited(OTP_RATE_PER_IP, 202, () => post('/v2/app/auth/otp', { appUserId: newPhone() }, ip));
    assert.equal((await post('/v2/app/auth/otp', { appUserId: newPhone() }, freshIp())).status, 202);
  });

  it(`POST /v2/app/auth/token: code guess from one address number ${TOKEN_RATE_PER_IP + 1} is 429`, async () => {
    const ip = freshIp();
    const phone = newPhone();
    await appToken(t, phone);
    assert.equal((await post('/v2/app/auth/otp', { appUserId: phone }, freshIp())).status, 202);
    let i = 0;
    await untilLimited(TOKEN_RATE_PER_IP, 400, () => {
      i += 1;
      return post('/v2/app/auth/token', { appUserId: i % 2 ? phone : newPhone(), code: '000000' }, ip);
    });
    assert.equal(
      (await post('/v2/app/auth/token', { appUserId: phone, code: '123456' }, freshIp())).status,
      400,
    );
  });

  it('a code dies after 5 wrong tries: even the right code is refused afterwards', async () => {
    const phone = newPhone();
    await appToken(t, phone);
    const before = t.logs.length;
    assert.equal((await post('/v2/app/auth/otp', { appUserId: phone }, freshIp())).status, 202);
    await t.ctx.appLogin.settled(); // the code is issued and sent after the answer
    const line = t.logs.slice(before).find((l) => l.includes('APP LOGIN CODE') && l.includes(phone));
    const code = /: (\d{6})\b/.exec(line ?? '')?.[1];
    assert.ok(code, 'the log sender wrote the code');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      assert.equal(
        (await post('/v2/app/auth/token', { appUserId: phone, code: wrong }, freshIp())).status,
        400,
      );
    }
    assert.equal((await post('/v2/app/auth/token', { appUserId: phone, code }, freshIp())).status, 400);
  });
});
