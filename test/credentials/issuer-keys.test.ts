// A project's credential issuer keys: made on first need (one, even when requests race), listed to
// project.admin and project.installer, rotated by project.admin (the old key stays listed for the
// credential lifetime + 30 days, then leaves), sealed at rest under the master key and bound to
// their project, at most 8 listed; other tenants' projects are 404.
import assert from 'node:assert/strict';
import { createPublicKey, sign, verify } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { issuerSigningKey } from '../../src/resources/credentials/issuer-keys.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { installerToken } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
before(async () => {
  t = await startTestApp({ LATCHKEY_CREDENTIAL_TTL_HOURS: '12' });
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Globex');
});
after(() => t.close());

const keysUrl = (p: string) => `/v2/projects/${p}/credential-keys`;

describe('credential issuer keys', () => {
  it('makes one key on first need, even for concurrent first requests, and lists it to admin and installer', async () => {
    const installer = await installerToken(t, a);
    const first = await Promise.all([
      t.call('GET', keysUrl(a.projectId), { token: a.projectToken }),
      t.call('GET', keysUrl(a.projectId), { token: installer }),
      t.call('GET', keysUrl(a.projectId), { token: a.projectToken }),
    ]);
    for (const r of first) assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(first[0]!.body.keys.length, 1);
    const [state] = first[0]!.body.states;
    assert.equal(state.kid, first[0]!.body.keys[0].kid);
    assert.equal(state.signing, true);
    assert.ok(Math.abs(Date.parse(state.created) - Date.now()) < 60_000, state.created);
    assert.deepEqual(first[1]!.body, first[0]!.body);
    assert.deepEqual(first[2]!.body, first[0]!.body);
    const [jwk] = first[0]!.body.keys;
    assert.deepEqual(Object.keys(jwk).sort(), ['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
    assert.equal(jwk.alg, 'ES256');
    assert.equal(jwk.d, undefined);
    const { rows } = await t.store.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM credential_issuer_keys WHERE project_id = $1',
      [a.projectId],
    );
    assert.equal(rows[0]!.n, 1);
  });

  it('keeps the private key sealed under the master key, bound to its project', async () => {
    await t.call('GET', keysUrl(b.projectId), { token: b.projectToken });
    const { rows } = await t.store.db.query<{ project_id: string; private_key_enc: string; kid: string }>(
      'SELECT project_id, private_key_enc, kid FROM credential_issuer_keys WHERE retired_at IS NULL ORDER BY project_id',
    );
    for (const r of rows) {
      assert.match(r.private_key_enc, /^v1\./);
      assert.doesNotMatch(r.private_key_enc, /PRIVATE KEY/);
    }
    // The signing key opens, and signs what its public JWK verifies.
    const k = await issuerSigningKey(t.ctx.db, t.ctx.keyring, t.ctx.issuerPrivateKeys, a.projectId);
    const listed = (await t.call('GET', keysUrl(a.projectId), { token: a.projectToken })).body.keys;
    const pub = createPublicKey({ key: listed.at(-1), format: 'jwk' });
    const sig = sign('sha256', Buffer.from('x'), k!.privateKey);
    assert.ok(verify('sha256', Buffer.from('x'), pub, sig));
    // A sealed key copied into another project's row does not open there.
    const ofA = rows.find((r) => r.project_id === a.projectId)!;
    assert.throws(() => t.ctx.keyring.decrypt(ofA.private_key_enc, `credential-issuer-key:${b.projectId}`));
  });

  it('rotates: the new key signs, the old stays listed for the lifetime + 30 days, then leaves', async () => {
    const before = (await t.call('GET', keysUrl(a.projectId), { token: a.projectToken })).body.keys;
    const installer = await installerToken(t, a);
    const denied = await t.call('POST', `${keysUrl(a.projectId)}/rotate`, { token: installer });
    assert.equal(denied.status, 403);
    const r = await t.call('POST', `${keysUrl(a.projectId)}/rotate`, { token: a.projectToken });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.keys.length, before.length + 1);
    assert.deepEqual(r.body.keys.slice(0, -1), before);
    const signer = await issuerSigningKey(t.ctx.db, t.ctx.keyring, t.ctx.issuerPrivateKeys, a.projectId);
    assert.equal(signer!.kid, r.body.keys.at(-1).kid);
    assert.notEqual(signer!.kid, before.at(-1).kid);

    const { rows } = await t.store.db.query<{ days: number }>(
      `SELECT extract(epoch FROM listed_until - retired_at)::float8 / 86400 AS days
         FROM credential_issuer_keys WHERE project_id = $1 AND kid = $2`,
      [a.projectId, before.at(-1).kid],
    );
    assert.equal(rows[0]!.days, 30.5); // 12 hours + 30 days
    // Beside the JWK set, each key's state: the new one signs, the old one says until when it stays.
    assert.deepEqual(
      r.body.states.map((s: { kid: string }) => s.kid),
      r.body.keys.map((k: { kid: string }) => k.kid),
    );
    const [old, signing] = r.body.states.slice(-2);
    assert.equal(signing.signing, true);
    assert.equal(signing.retired, null);
    assert.equal(signing.listedUntil, null);
    assert.equal(old.signing, false);
    assert.equal((Date.parse(old.listedUntil) - Date.parse(old.retired)) / 86_400_000, 30.5);
    assert.ok(Date.parse(old.created) <= Date.parse(signing.created));
    assert.equal(r.body.states.filter((s: { signing: boolean }) => s.signing).length, 1);
    // The rotation is in the project's audit trail, naming the key made and the one it replaced.
    const audit = await t.call('GET', `/v2/projects/${a.projectId}/audit?action=credentialKey.rotated`, {
      token: a.projectToken,
    });
    assert.equal(audit.status, 200, JSON.stringify(audit.body));
    const [record] = audit.body.auditRecords;
    assert.deepEqual(record.resource, { type: 'credentialKey', id: signing.kid });
    assert.deepEqual(record.changes, { before: { kid: before.at(-1).kid }, after: { kid: signing.kid } });
    assert.deepEqual(record.actor, { type: 'client', id: a.clientId });
    await t.store.db.query(
      "UPDATE credential_issuer_keys SET listed_until = now() - interval '1 second' WHERE project_id = $1 AND kid = $2",
      [a.projectId, before.at(-1).kid],
    );
    const later = await t.call('GET', keysUrl(a.projectId), { token: a.projectToken });
    assert.deepEqual(later.body.keys, r.body.keys.slice(1));
  });

  it('refuses a rotation that would list more than 8 keys, changing nothing', async () => {
    let r: Awaited<ReturnType<TestApp['call']>> | undefined;
    for (let i = 0; i < 10; i++) {
      r = await t.call('POST', `${keysUrl(b.projectId)}/rotate`, { token: b.projectToken });
      if (r.status !== 200) break;
      assert.ok(r.body.keys.length <= 8);
    }
    assert.equal(r!.status, 409, JSON.stringify(r!.body));
    assert.match(r!.body.detail, /8 keys/);
    const listed = await t.call('GET', keysUrl(b.projectId), { token: b.projectToken });
    assert.equal(listed.body.keys.length, 8);
  });

  it("another tenant's token on a project is 403, and nothing is made there", async () => {
    const c = await createTenant(t, 'Initech');
    const other = await t.call('GET', keysUrl(c.projectId), { token: a.projectToken });
    assert.equal(other.status, 403);
    const rotate = await t.call('POST', `${keysUrl(c.projectId)}/rotate`, { token: a.projectToken });
    assert.equal(rotate.status, 403);
    const { rows } = await t.store.db.query('SELECT 1 FROM credential_issuer_keys WHERE project_id = $1', [
      c.projectId,
    ]);
    assert.equal(rows.length, 0);
    const none = await t.call('GET', keysUrl('0193a1b2-0000-7000-8000-000000000000'), {
      token: a.projectToken,
    });
    assert.ok([403, 404].includes(none.status));
  });
});
