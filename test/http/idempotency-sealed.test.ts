// Idempotency-Key records keep no secret (nor phone number) in plain text: every kept answer is
// sealed with the master key, bound to its caller and key, and a replay answers byte for byte as
// the first answer did. Rows kept in plain text by the version before are still replayed and are
// sealed in place by the expiry job; erasure still finds the answers that carry a person's number.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { idempotencyAnswersSeal } from '../../src/http/idempotency.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { lockInsert } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'A');
  b = await createTenant(t, 'B');
});
after(() => t.close());

interface Sent {
  status: number;
  raw: string;
  headers: Record<string, unknown>;
}

async function post(url: string, body: unknown, token: string, key: string): Promise<Sent> {
  const r = await t.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    payload: JSON.stringify(body),
  });
  return { status: r.statusCode, raw: r.body, headers: r.headers };
}

/** Every column of the rows kept for `key`, as the store would dump them. */
async function keptText(key: string): Promise<string> {
  const { rows } = await t.store.db.query<{ row: string }>(
    'SELECT i::text AS row FROM idempotency_keys i WHERE key = $1',
    [key],
  );
  assert.equal(rows.length, 1, `one row kept for ${key}`);
  return rows[0]!.row;
}

function assertSameAnswer(first: Sent, replay: Sent) {
  assert.equal(replay.status, first.status);
  assert.equal(replay.raw, first.raw, 'the replayed body is byte for byte the first');
  assert.equal(replay.headers.location, first.headers.location);
  assert.equal(replay.headers['content-type'], first.headers['content-type']);
  assert.equal(replay.headers['idempotent-replayed'], 'true');
}

describe('kept answers are sealed', () => {
  it("a client's secret is not in the store, and the replay hands it out as the first answer did", async () => {
    const url = `/admin/v1/organizations/${a.organizationId}/clients`;
    const first = await post(url, { name: 'kept' }, ADMIN_TOKEN, 'client-key');
    assert.equal(first.status, 201, first.raw);
    const secret = JSON.parse(first.raw).clientSecret as string;
    assert.match(secret, /^lk_secret_/);
    const kept = await keptText('client-key');
    assert.ok(!kept.includes(secret), 'the client secret is kept in plain text');
    assert.ok(!kept.includes(secret.slice(10, 34)), "the secret's random part is kept in plain text");
    assert.ok(!kept.includes('clientSecret'), 'the answer is kept in plain text');
    assertSameAnswer(first, await post(url, { name: 'kept' }, ADMIN_TOKEN, 'client-key'));
  });

  it("a webhook's signing secret and URL password are not in the store; the replay answers as the first", async () => {
    const lockId = await lockInsert(t, a.projectId);
    const url = `/v2/projects/${a.projectId}/webhooks`;
    const body = { url: 'https://hooks:pw-kept-4f1e9c@93.184.216.34/in', lockId };
    const first = await post(url, body, a.projectToken, 'webhook-key');
    assert.equal(first.status, 201, first.raw);
    const secret = JSON.parse(first.raw).webhook.secret as string;
    assert.match(secret, /^whsec_/);
    const kept = await keptText('webhook-key');
    assert.ok(!kept.includes(secret), 'the webhook secret is kept in plain text');
    assert.ok(!kept.includes(secret.slice(6, 30)));
    assert.ok(!kept.includes('pw-kept-4f1e9c'), 'the URL password is kept in plain text');
    assertSameAnswer(first, await post(url, body, a.projectToken, 'webhook-key'));
  });

  it("a managed user's number is in neither the kept body nor the kept Location", async () => {
    const phone = '+4791110001';
    const url = `/v2/projects/${a.projectId}/managed-users`;
    const first = await post(url, { appUserId: phone }, a.projectToken, 'user-key');
    assert.equal(first.status, 201, first.raw);
    assert.match(String(first.headers.location), /%2B4791110001$/);
    const kept = await keptText('user-key');
    assert.ok(!kept.includes('4791110001'), `the number is kept in plain text: ${kept}`);
    assertSameAnswer(first, await post(url, { appUserId: phone }, a.projectToken, 'user-key'));
  });

  it('the fingerprint of the request is keyed: not the bare SHA-256 a dump reader could test guesses against', async () => {
    const { rows } = await t.store.db.query<{ request_hash: string }>(
      `SELECT request_hash FROM idempotency_keys WHERE key = 'user-key'`,
    );
    const guess = createHash('sha256')
      .update(`managedUsersCreate\0/v2/projects/${a.projectId}/managed-users\0{"appUserId":"+4791110001"}`)
      .digest('base64url');
    assert.notEqual(rows[0]!.request_hash, guess);
    assert.doesNotMatch(rows[0]!.request_hash, /^[A-Za-z0-9_-]{43}$/);
  });

  it("an answer moved to another caller's row does not open there", async () => {
    const url = `/admin/v1/organizations/${b.organizationId}/clients`;
    const mine = await post(url, { name: 'mine' }, ADMIN_TOKEN, 'moved-key');
    const secret = JSON.parse(mine.raw).clientSecret as string;
    // B's client makes a lock with the same key; its row then gets the operator's sealed answer
    // (someone who can write to the store, without the master key).
    const theirs = await post(
      `/v2/projects/${b.projectId}/locks`,
      { name: 'x' },
      b.projectToken,
      'moved-key',
    );
    assert.equal(theirs.status, 201);
    await t.store.db.query(
      `UPDATE idempotency_keys SET body = (SELECT body FROM idempotency_keys WHERE owner = 'operator' AND key = 'moved-key')
        WHERE owner = $1 AND key = 'moved-key'`,
      [`client:${b.clientId}`],
    );
    const replay = await post(
      `/v2/projects/${b.projectId}/locks`,
      { name: 'x' },
      b.projectToken,
      'moved-key',
    );
    assert.ok(!replay.raw.includes(secret), 'the moved answer was opened for another caller');
    assert.equal(replay.status, 500);
  });
});

describe('answers kept in plain text before sealing', () => {
  it('are replayed as before, and the expiry job seals them in place', async () => {
    const url = `/admin/v1/organizations/${a.organizationId}/clients`;
    const first = await post(url, { name: 'legacy' }, ADMIN_TOKEN, 'legacy-key');
    const secret = JSON.parse(first.raw).clientSecret as string;
    // The row as the version before wrote it: plain body and headers, bare SHA-256 fingerprint.
    const legacyHash = createHash('sha256')
      .update(`adminClientsCreate\0${url}\0${JSON.stringify({ name: 'legacy' })}`)
      .digest('base64url');
    await t.store.db.query(
      `UPDATE idempotency_keys SET body = $1, headers = $2, request_hash = $3
        WHERE owner = 'operator' AND key = 'legacy-key'`,
      [
        first.raw,
        JSON.stringify({ location: first.headers.location, 'content-type': first.headers['content-type'] }),
        legacyHash,
      ],
    );
    assert.ok((await keptText('legacy-key')).includes(secret), 'the legacy row holds the secret');
    assertSameAnswer(first, await post(url, { name: 'legacy' }, ADMIN_TOKEN, 'legacy-key'));
    const other = await post(url, { name: 'another' }, ADMIN_TOKEN, 'legacy-key');
    assert.equal(other.status, 422, 'another body is still told apart');

    assert.ok((await idempotencyAnswersSeal(t.ctx)) >= 1);
    assert.equal(await idempotencyAnswersSeal(t.ctx), 0, 'nothing is left to seal');
    assert.ok(!(await keptText('legacy-key')).includes(secret), 'the legacy answer is sealed');
    assertSameAnswer(first, await post(url, { name: 'legacy' }, ADMIN_TOKEN, 'legacy-key'));
  });
});

describe('erasure', () => {
  it("deletes the sealed answers that carry the person's number, and only those", async () => {
    const phone = '+4791110002';
    const url = `/v2/projects/${b.projectId}/managed-users`;
    await post(url, { appUserId: phone }, b.projectToken, 'erase-user');
    await post(url, { appUserId: '+4791110003' }, b.projectToken, 'keep-user');
    const r = await t.call('DELETE', `/admin/v1/app-users/${encodeURIComponent(phone)}`, {
      token: ADMIN_TOKEN,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const { rows } = await t.store.db.query<{ key: string }>(
      `SELECT key FROM idempotency_keys WHERE key IN ('erase-user', 'keep-user')`,
    );
    assert.deepEqual(
      rows.map((x) => x.key),
      ['keep-user'],
    );
  });
});
