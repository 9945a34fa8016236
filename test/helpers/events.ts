// Fixtures for the event path, written with direct SQL: the locks/keys/webhooks APIs are built on
// other branches, and these tests need precise control (past windows, revoked keys, webhooks).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { uuidv7 } from '../../src/ids.ts';
import type { Recurrence } from '../../src/time/recurrence.ts';
import { ADMIN_TOKEN, type TestApp } from './app.ts';

let phoneSeq = 0;
/** A fresh E.164 number per call (tests share one process-wide sequence). */
export function newPhone(): string {
  phoneSeq += 1;
  return `+4790${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

export async function lockInsert(
  t: TestApp,
  projectId: string,
  o: { name?: string; timezone?: string } = {},
): Promise<string> {
  const id = uuidv7();
  await t.store.db.query('INSERT INTO locks (id, project_id, name, timezone) VALUES ($1, $2, $3, $4)', [
    id,
    projectId,
    o.name ?? 'Front door',
    o.timezone ?? 'Europe/Oslo',
  ]);
  return id;
}

export interface KeyFixture {
  projectId: string;
  lockId: string;
  appUserId: string;
  origin?: 'integrator' | 'shared';
  starts?: Date;
  ends?: Date | null;
  recurrence?: Recurrence | null;
  revoked?: Date | null;
  sharedBy?: string;
  sharingRightId?: string;
}

export async function keyInsert(t: TestApp, k: KeyFixture): Promise<string> {
  const id = uuidv7();
  await t.store.db.query(
    `INSERT INTO keys (id, project_id, lock_id, app_user_id, origin, shared_by, sharing_right_id, starts, ends,
                       recurrence, revoked)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      k.projectId,
      k.lockId,
      k.appUserId,
      k.origin ?? 'integrator',
      k.sharedBy ?? null,
      k.sharingRightId ?? null,
      k.starts ?? new Date(Date.now() - 40 * 86_400_000),
      k.ends ?? null,
      k.recurrence ? JSON.stringify(k.recurrence) : null,
      k.revoked ?? null,
    ],
  );
  return id;
}

export async function managedUserInsert(
  t: TestApp,
  projectId: string,
  appUserId: string,
  firstName: string | null,
  lastName: string | null,
): Promise<void> {
  await t.store.db.query(
    'INSERT INTO managed_users (id, project_id, app_user_id, first_name, last_name) VALUES ($1, $2, $3, $4, $5)',
    [uuidv7(), projectId, appUserId, firstName, lastName],
  );
}

export async function sharingRightInsert(
  t: TestApp,
  projectId: string,
  lockId: string,
  appUserId: string,
): Promise<string> {
  const id = uuidv7();
  await t.store.db.query(
    'INSERT INTO sharing_rights (id, project_id, lock_id, app_user_id) VALUES ($1, $2, $3, $4)',
    [id, projectId, lockId, appUserId],
  );
  return id;
}

export async function webhookInsert(
  t: TestApp,
  projectId: string,
  lockId: string,
  o: { enabled?: boolean } = {},
): Promise<string> {
  const id = uuidv7();
  const url = `https://hooks.example.com/${id}`;
  await t.store.db.query(
    `INSERT INTO webhooks (id, project_id, lock_id, url, url_display, secret_enc, enabled)
     VALUES ($1, $2, $3, $4, $4, $5, $6)`,
    [
      id,
      projectId,
      lockId,
      url,
      t.ctx.keyring.encrypt(`whsec_${randomBytes(32).toString('base64')}`),
      o.enabled ?? true,
    ],
  );
  return id;
}

/** An app token for the phone, minted through the admin API (no SMS round trip). */
export async function appToken(t: TestApp, appUserId: string): Promise<string> {
  const r = await t.call('POST', '/admin/v1/app-tokens', { token: ADMIN_TOKEN, body: { appUserId } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.access_token;
}

export interface EventInput {
  id: string;
  keyId: string;
  action: 'locked' | 'unlocked';
  created: string;
}

/** An event for the key, `agoMs` before now (default one minute). */
export function ev(keyId: string, o: Partial<EventInput> & { agoMs?: number } = {}): EventInput {
  const { agoMs, ...rest } = o;
  return {
    id: uuidv7(),
    keyId,
    action: 'unlocked',
    created: new Date(Date.now() - (agoMs ?? 60_000)).toISOString(),
    ...rest,
  };
}

export async function upload(t: TestApp, token: string, events: EventInput[]) {
  return t.call('POST', '/v2/app/events', { token, body: { events } });
}

export async function count(t: TestApp, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.store.db.query<{ n: number | string }>(sql, params);
  return Number(rows[0]!.n);
}
