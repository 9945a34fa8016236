// Registering a webhook resolves its host (the SSRF check) before the registration's audited
// transaction opens. A resolver may take up to 5 s; inside the transaction that wait held the
// embedded store's one connection, so every other request of the process waited behind it. Here
// the resolver answers only when the test lets it, and other requests must complete meanwhile.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { insertLock } from '../helpers/delivery.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { signal } from '../helpers/signal.ts';
import { storeKind } from '../helpers/store.ts';

let t: TestApp;
let a: Tenant;
let lockId: string;
// The resolver of this app: `hold.example` waits for `answer` (the test fires it), other names
// resolve at once; every name resolves to loopback, allowed below.
let answer = signal();
let asked = signal();
const lookups: string[] = [];

before(async () => {
  t = await startTestApp(
    { LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' },
    {
      webhookLookup: async (host) => {
        lookups.push(host);
        if (host === 'hold.example') {
          asked.fire();
          await answer.fired;
        }
        return ['127.0.0.1'];
      },
    },
  );
  a = await createTenant(t, 'Acme');
  lockId = await insertLock(t, a.projectId);
});
after(async () => {
  answer.fire();
  await t.close();
});

const within = <T>(ms: number, p: Promise<T>, what: string) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not complete within ${ms} ms`)), ms).unref(),
    ),
  ]);

describe(`webhook registration resolves its host outside the transaction (${storeKind})`, () => {
  it('other requests, reads and audited writes, complete while a registration waits for the resolver', async () => {
    answer = signal();
    asked = signal();
    const registering = t.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
      token: a.projectToken,
      body: { url: 'https://hold.example/in', lockId },
    });
    await within(5000, asked.fired, 'the lookup of hold.example');
    try {
      // Each of these waited behind the registration's open transaction on the embedded store.
      const list = await within(
        3000,
        t.call('GET', `/v2/projects/${a.projectId}/webhooks`, { token: a.projectToken }),
        'listing webhooks',
      );
      assert.equal(list.status, 200, JSON.stringify(list.body));
      const other = await within(
        3000,
        t.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
          token: a.projectToken,
          body: { url: 'https://quick.example/in', lockId },
        }),
        'another registration',
      );
      assert.equal(other.status, 201, JSON.stringify(other.body));
    } finally {
      answer.fire();
    }
    const r = await registering;
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.webhook.url, 'https://hold.example/in');
    // Still one audited change: the registration and its record.
    const audit = await t.call(
      'GET',
      `/v2/projects/${a.projectId}/audit?resourceType=webhook&resourceId=${r.body.webhook.id}`,
      { token: a.projectToken },
    );
    assert.equal(audit.status, 200, JSON.stringify(audit.body));
    assert.deepEqual(
      audit.body.auditRecords.map((e: { action: string }) => e.action),
      ['webhook.created'],
    );
  });

  it('a registration naming an unknown lock is refused without resolving its host', async () => {
    const before = lookups.length;
    const bad = await t.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
      token: a.projectToken,
      body: { url: 'https://quick.example/other', lockId: '01900000-0000-7000-8000-000000000000' },
    });
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.equal(lookups.length, before, 'a registration already refused resolves nothing');
    const { rows } = await t.store.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM webhooks WHERE url = 'https://quick.example/other'",
    );
    assert.equal(rows[0]!.n, 0);
  });
});
