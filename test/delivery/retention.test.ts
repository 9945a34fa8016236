// Delivery retention: deliveries finished longer ago than LATCHKEY_DELIVERY_RETENTION_DAYS go with
// their attempts, pending ones and recent ones stay, expired login codes go, and the history API
// lists exactly what is kept (also before the job has run).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { deliveryRetentionRun, uuidv7Floor } from '../../src/delivery/retention.ts';
import { uuidv7 } from '../../src/ids.ts';
import { DAY_MS } from '../../src/time/durations.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { count, lockInsert, newPhone, webhookInsert } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let tenant: Tenant;
let webhookId: string;
before(async () => {
  t = await startTestApp({ LATCHKEY_DELIVERY_RETENTION_DAYS: '30' });
  tenant = await createTenant(t);
  webhookId = await webhookInsert(t, tenant.projectId, await lockInsert(t, tenant.projectId));
});
after(() => t.close());

/** A delivery created `createdDaysAgo` days ago, finished `completedDaysAgo` days ago (null: pending), with 2 attempts. */
async function delivery(createdDaysAgo: number, completedDaysAgo: number | null, status?: string) {
  const created = Date.now() - createdDaysAgo * DAY_MS;
  const id = uuidv7(created);
  await t.store.db.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_id, body, event_received, status,
                                     attempt_count, created, completed_at)
     VALUES ($1, $2, $3, $4, '{}', $5, $6, 2, $5, $7)`,
    [
      id,
      webhookId,
      tenant.projectId,
      uuidv7(created),
      new Date(created),
      status ?? (completedDaysAgo === null ? 'pending' : 'succeeded'),
      completedDaysAgo === null ? null : new Date(Date.now() - completedDaysAgo * DAY_MS),
    ],
  );
  for (const attempt of [1, 2])
    await t.store.db.query(
      'INSERT INTO webhook_attempts (delivery_id, attempt, at, response_status, duration_ms) VALUES ($1, $2, $3, 500, 5)',
      [id, attempt, new Date(created)],
    );
  return id;
}

const listed = async () => {
  const r = await t.call(
    'GET',
    `/v2/projects/${tenant.projectId}/webhooks/${webhookId}/deliveries?limit=1000`,
    {
      token: tenant.projectToken,
    },
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return new Set((r.body.deliveries as { id: string }[]).map((d) => d.id));
};

describe('delivery retention', () => {
  it('uuidv7Floor sorts below every id of its millisecond and above every earlier one', () => {
    const t0 = Date.UTC(2026, 10, 23, 12);
    for (let i = 0; i < 100; i++) {
      assert.ok(uuidv7Floor(t0) <= uuidv7(t0));
      assert.ok(uuidv7(t0 - 1) < uuidv7Floor(t0));
    }
  });

  it('deletes finished deliveries past the window with their attempts; keeps pending, recent and re-queued ones', async () => {
    const oldSucceeded = await delivery(40, 39);
    const oldFailed = await delivery(35, 31, 'failed');
    const oldPending = await delivery(40, null); // a webhook that never answered, still retrying
    const recent = await delivery(2, 1);
    const requeued = await delivery(45, 3, 'failed'); // recovered and failed again recently
    const kept = new Set([oldPending, recent, requeued]);

    // The history lists what is kept even before the job runs.
    assert.deepEqual(await listed(), kept);
    const gone = await t.call(
      'POST',
      `/v2/projects/${tenant.projectId}/webhooks/${webhookId}/deliveries/${oldFailed}/retry`,
      { token: tenant.projectToken },
    );
    assert.equal(gone.status, 404, 'a delivery past the window cannot be retried');
    const recover = await t.call('POST', `/v2/projects/${tenant.projectId}/webhooks/${webhookId}/recover`, {
      token: tenant.projectToken,
      body: { since: new Date(Date.now() - 60 * DAY_MS).toISOString() },
    });
    assert.equal(recover.status, 200);
    assert.equal(recover.body.recovered, 1, 'only the failed delivery within the window is re-queued');
    await t.store.db.query(
      "UPDATE webhook_deliveries SET status = 'failed', completed_at = now() - interval '3 days' WHERE id = $1",
      [requeued],
    );

    const r = await deliveryRetentionRun(t.store.db, {
      cutoff: new Date(Date.now() - 30 * DAY_MS),
      batch: 2,
    });
    assert.equal(r.deliveries, 2);
    const left = await t.store.db.query<{ id: string }>(
      'SELECT id FROM webhook_deliveries WHERE webhook_id = $1',
      [webhookId],
    );
    assert.deepEqual(new Set(left.rows.map((x) => x.id)), kept);
    assert.equal(
      await count(t, 'SELECT count(*) AS n FROM webhook_attempts WHERE delivery_id = ANY($1)', [
        [oldSucceeded, oldFailed],
      ]),
      0,
    );
    assert.equal(await count(t, 'SELECT count(*) AS n FROM webhook_attempts'), 6);
    assert.deepEqual(await listed(), kept);
    // A second run finds nothing more.
    assert.equal(
      (await deliveryRetentionRun(t.store.db, { cutoff: new Date(Date.now() - 30 * DAY_MS) })).deliveries,
      0,
    );
  });

  it('deletes in batches until nothing past the window is left', async () => {
    for (let i = 0; i < 7; i++) await delivery(50 + i, 49);
    const r = await deliveryRetentionRun(t.store.db, {
      cutoff: new Date(Date.now() - 30 * DAY_MS),
      batch: 3,
    });
    assert.equal(r.deliveries, 7);
    assert.ok(r.batches >= 3);
    assert.equal(
      await count(t, 'SELECT count(*) AS n FROM webhook_deliveries WHERE completed_at < $1', [
        new Date(Date.now() - 30 * DAY_MS),
      ]),
      0,
    );
  });

  it('deletes expired login codes and keeps live ones', async () => {
    const expired = newPhone();
    const live = newPhone();
    await t.store.db.query(
      // `expires` is when the row may go (the later of the code's expiry and its texts' window).
      `INSERT INTO app_login_codes (app_user_id, code_hash, expires, code_expires) VALUES
         ($1, '\\x00', now() - interval '1 minute', now() - interval '1 minute'),
         ($2, '\\x00', now() + interval '4 minutes', now() + interval '4 minutes')`,
      [expired, live],
    );
    const r = await deliveryRetentionRun(t.store.db, { cutoff: new Date(Date.now() - 30 * DAY_MS) });
    assert.equal(r.loginCodes, 1);
    const { rows } = await t.store.db.query<{ app_user_id: string }>(
      'SELECT app_user_id FROM app_login_codes',
    );
    assert.deepEqual(
      rows.map((x) => x.app_user_id),
      [live],
    );
  });
});
