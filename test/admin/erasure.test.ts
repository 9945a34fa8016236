// Right to erasure: DELETE /admin/v1/app-users/{appUserId} removes one person from every project
// (access log, keys, sharing rights, managed users, pending and past delivery bodies, login codes,
// app sessions, display name) and leaves everyone else's data alone. Afterwards a search of the whole database —
// every column of every table the catalog lists, cast to text — finds neither the phone number nor
// the name.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sessionStart } from '../../src/resources/app/sessions.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { DELIVERY_ENV, registerWebhook, startReceiver, startWorker, waitFor } from '../helpers/delivery.ts';
import { appToken, count, ev, newPhone, upload } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp(DELIVERY_ENV);
});
after(() => t.close());

/** Every (table, column) of the database holding `needle`, found through the catalog. */
async function findEverywhere(needle: string): Promise<string[]> {
  const { rows: columns } = await t.store.db.query<{ tbl: string; col: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS tbl, quote_ident(a.attname) AS col
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relkind IN ('r', 'm') AND n.nspname = current_schema()
      ORDER BY 1, 2`,
  );
  assert.ok(columns.length > 50, `the catalog lists the tables (${columns.length} columns)`);
  const found: string[] = [];
  for (const { tbl, col } of columns) {
    const r = await t.store.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${tbl} WHERE strpos(${col}::text, $1) > 0`,
      [needle],
    );
    if (r.rows[0]!.n > 0) found.push(`${tbl}.${col} (${r.rows[0]!.n})`);
  }
  return found;
}

async function post(a: Tenant, path: string, body: unknown) {
  const r = await t.call('POST', `/v2/projects/${a.projectId}${path}`, { token: a.projectToken, body });
  assert.equal(r.status, 201, `${path}: ${JSON.stringify(r.body)}`);
  return r.body;
}

describe('right to erasure', () => {
  it('removes the person from every project and leaves no trace; others keep everything', async () => {
    const person = newPhone();
    const other = newPhone();
    const firstName = 'Solveig';
    const lastName = 'Erasurebakken';
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    const rx = await startReceiver();
    after(() => rx.close());
    const a = await createTenant(t, 'Erase A');
    const b = await createTenant(t, 'Erase B');
    const lockA = (await post(a, '/locks', { name: 'Front door' })).lock.id;
    const lockB = (await post(b, '/locks', { name: 'Gate' })).lock.id;
    const hookA = await registerWebhook(t, a, lockA, rx.url('/a'));
    await registerWebhook(t, b, lockB, rx.url('/b'));

    // The person in two projects: managed user with a name, keys, a sharing right; the other
    // person in project A too.
    await post(a, '/managed-users', { appUserId: person, firstName, lastName });
    await post(b, '/managed-users', { appUserId: person, firstName, lastName, metadata: { phone: person } });
    await post(a, '/managed-users', { appUserId: other, firstName: 'Other', lastName: 'Person' });
    const keysA = (await post(a, '/keys', { keys: [{ lockId: lockA, appUserId: person, start: dayAgo }] }))
      .keys;
    const keysB = (await post(b, '/keys', { keys: [{ lockId: lockB, appUserId: person, start: dayAgo }] }))
      .keys;
    // A revoked key too: erasure must find it although the index on the person alone leaves it out.
    const revokedB = (await post(b, '/keys', { keys: [{ lockId: lockB, appUserId: person, start: dayAgo }] }))
      .keys[0].id;
    const revoke = await t.call('DELETE', `/v2/projects/${b.projectId}/keys/${revokedB}`, {
      token: b.projectToken,
    });
    assert.equal(revoke.status, 200, JSON.stringify(revoke.body));
    const otherKey = (await post(a, '/keys', { keys: [{ lockId: lockA, appUserId: other, start: dayAgo }] }))
      .keys[0].id;
    await post(a, '/sharing-rights', { sharingRights: [{ lockId: lockA, appUserId: person }] });

    // The app side: a display name, a key shared with the other person, a login code, events.
    const token = await appToken(t, person);
    const me = await t.call('PATCH', '/v2/app/me', { token, body: { name: `${firstName} ${lastName}` } });
    assert.equal(me.status, 200, JSON.stringify(me.body));
    const shared = await t.call('POST', `/v2/app/keys/${keysA[0].id}/share`, {
      token,
      body: { appUserId: other },
    });
    assert.equal(shared.status, 201, JSON.stringify(shared.body));
    const otp = await t.call('POST', '/v2/app/auth/otp', { body: { appUserId: person } });
    assert.ok(otp.status < 300, JSON.stringify(otp.body));
    await t.ctx.appLogin.settled(); // the code is issued after the answer
    assert.equal(
      await count(t, 'SELECT count(*) AS n FROM app_login_codes WHERE app_user_id = $1', [person]),
      1,
    );

    // Two app sessions (a login's refresh and access tokens).
    const sessions = [await sessionStart(t.ctx, person), await sessionStart(t.ctx, person)];
    assert.equal((await t.call('GET', '/v2/app/keys', { token: sessions[0]!.accessToken })).status, 200);
    const otherSession = await sessionStart(t.ctx, other);

    // Events: some delivered (historical deliveries), some still pending.
    const otherToken = await appToken(t, other);
    const worker = await startWorker(t);
    after(() => worker.stop());
    for (const r of [
      await upload(t, token, [ev(keysA[0].id), ev(keysA[0].id, { agoMs: 120_000 }), ev(keysB[0].id)]),
      await upload(t, otherToken, [ev(otherKey), ev(shared.body.key.id, { agoMs: 0 })]),
    ])
      assert.deepEqual(
        r.body.results.map((x: { status: string; reason?: string }) => x.reason ?? x.status),
        r.body.results.map(() => 'accepted'),
      );
    await waitFor('the first events delivered', async () => {
      const n = await count(t, "SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'succeeded'");
      return n === 4; // the shared key's event triggers no webhook
    });
    await worker.stop();
    const pending = await upload(t, token, [ev(keysA[0].id, { agoMs: 5_000 })]);
    assert.equal(pending.body.results[0].status, 'accepted');
    assert.equal(await count(t, "SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending'"), 1);

    const before = {
      otherEvents: await count(t, 'SELECT count(*) AS n FROM access_events WHERE app_user_id = $1', [other]),
      otherKeys: await count(t, 'SELECT count(*) AS n FROM keys WHERE app_user_id = $1', [other]),
      locks: await count(t, 'SELECT count(*) AS n FROM locks'),
      webhooks: await count(t, 'SELECT count(*) AS n FROM webhooks'),
    };
    assert.equal(before.otherEvents, 2);
    assert.equal(before.otherKeys, 2);
    assert.ok((await findEverywhere(person)).length >= 8, 'the phone number is spread over the database');
    assert.ok((await findEverywhere(lastName)).length >= 4, 'so is the name');

    const r = await t.call('DELETE', `/admin/v1/app-users/${encodeURIComponent(person)}`, {
      token: ADMIN_TOKEN,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, {
      erased: { accessEvents: 4, keys: 3, managedUsers: 2, sharingRights: 1, deliveries: 4 },
    });

    // No trace, anywhere.
    assert.deepEqual(await findEverywhere(person), []);
    assert.deepEqual(await findEverywhere(person.slice(1)), [], 'not even the digits');
    assert.deepEqual(await findEverywhere(lastName), []);
    assert.deepEqual(await findEverywhere(`${firstName} `), []);

    // Everyone else's data is untouched: the other person's events, keys (the shared one still
    // works, without the sharer's number), deliveries, managed user; locks and webhooks.
    assert.equal(
      await count(t, 'SELECT count(*) AS n FROM access_events WHERE app_user_id = $1', [other]),
      2,
    );
    assert.equal(
      await count(t, 'SELECT count(*) AS n FROM keys WHERE app_user_id = $1 AND revoked IS NULL', [other]),
      2,
    );
    assert.equal(
      await count(t, 'SELECT count(*) AS n FROM managed_users WHERE app_user_id = $1', [other]),
      1,
    );
    assert.equal(await count(t, 'SELECT count(*) AS n FROM webhook_deliveries'), 1);
    assert.equal(await count(t, 'SELECT count(*) AS n FROM locks'), before.locks);
    assert.equal(await count(t, 'SELECT count(*) AS n FROM webhooks'), before.webhooks);
    const otherKeys = await t.call('GET', '/v2/app/keys', { token: otherToken });
    assert.equal(otherKeys.status, 200);
    assert.equal(otherKeys.body.keys.length, 2);
    const log = await t.call('GET', `/v2/projects/${a.projectId}/logs/access`, { token: a.projectToken });
    assert.equal(log.status, 200);
    assert.deepEqual(
      new Set(log.body.accessEvents.map((e: { appUserId: string }) => e.appUserId)),
      new Set([other]),
    );
    const history = await t.call('GET', `/v2/projects/${a.projectId}/webhooks/${hookA.id}/deliveries`, {
      token: a.projectToken,
    });
    assert.equal(history.body.deliveries.length, 1);
    // The person's app token finds nothing any more.
    const keysLeft = await t.call('GET', '/v2/app/keys', { token });
    assert.deepEqual(keysLeft.body.keys, []);
    // Their sessions are gone: refresh tokens refused, the sessions' access tokens too; the other
    // person's session goes on.
    assert.equal(
      await count(t, 'SELECT count(*) AS n FROM app_sessions WHERE app_user_id = $1', [person]),
      0,
    );
    for (const s of sessions) {
      const r = await t.call('POST', '/v2/app/auth/refresh', { body: { refresh_token: s.refreshToken } });
      assert.equal(r.status, 400);
      assert.equal(r.body.type, 'urn:latchkey:problem:invalid-refresh-token');
      assert.equal((await t.call('GET', '/v2/app/keys', { token: s.accessToken })).status, 401);
    }
    const otherRefresh = await t.call('POST', '/v2/app/auth/refresh', {
      body: { refresh_token: otherSession.refreshToken },
    });
    assert.equal(otherRefresh.status, 200);
  });

  it('erasing an unknown number erases nothing; a malformed one is a 400; the admin token is needed', async () => {
    const r = await t.call('DELETE', `/admin/v1/app-users/${encodeURIComponent(newPhone())}`, {
      token: ADMIN_TOKEN,
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      erased: { accessEvents: 0, keys: 0, managedUsers: 0, sharingRights: 0, deliveries: 0 },
    });
    const bad = await t.call('DELETE', '/admin/v1/app-users/4799887766', { token: ADMIN_TOKEN });
    assert.ok([400, 404].includes(bad.status), `a malformed number: ${bad.status}`);
    const anon = await t.call('DELETE', `/admin/v1/app-users/${encodeURIComponent(newPhone())}`);
    assert.equal(anon.status, 401);
  });
});
