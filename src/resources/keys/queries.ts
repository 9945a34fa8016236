// Key queries. Tenancy lives in the SQL: every statement filters on project_id.

import { reconcileAfterKeyChange } from '../../bridge/reconcile-queue.ts';
import type { Queryable, Tx } from '../../db/db.ts';
import { enqueueKeyChanged } from '../../delivery/envelopes.ts';
import type { Recurrence } from '../../time/recurrence.ts';
import { KEY_COLUMNS, type KeyRow, type KeyState } from './present.ts';

export async function keyFindById(db: Queryable, projectId: string, keyId: string) {
  const { rows } = await db.query<KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM keys WHERE id = $1 AND project_id = $2`,
    [keyId, projectId],
  );
  return rows[0];
}

export interface KeyWithLock {
  key: KeyRow;
  lock: { id: string; name: string; timezone: string; deleted: Date | null };
}

/**
 * A key and its lock by key id alone (for the app's event upload, where the project is not in the
 * path): the caller must still check that `key.app_user_id` is its principal.
 */
export async function keyFindWithLock(db: Queryable, keyId: string): Promise<KeyWithLock | undefined> {
  const { rows } = await db.query<
    KeyRow & { lock_name: string; lock_timezone: string; lock_deleted: Date | null }
  >(
    `SELECT ${KEY_COLUMNS.split(', ')
      .map((c) => `k.${c}`)
      .join(', ')}, l.name AS lock_name, l.timezone AS lock_timezone, l.deleted AS lock_deleted
       FROM keys k JOIN locks l ON l.id = k.lock_id AND l.project_id = k.project_id WHERE k.id = $1`,
    [keyId],
  );
  const r = rows[0];
  if (!r) return undefined;
  const { lock_name, lock_timezone, lock_deleted, ...key } = r;
  return { key, lock: { id: key.lock_id, name: lock_name, timezone: lock_timezone, deleted: lock_deleted } };
}

export interface KeyFilter {
  appUserId?: string;
  lockId?: string;
  origin?: 'integrator' | 'shared';
  excludeStates?: KeyState[];
}

/** SQL for "the key is in `state` at $now" (the same precedence as keyState()). */
function stateSql(state: KeyState, clock: () => string): string {
  switch (state) {
    case 'revoked':
      return 'revoked IS NOT NULL';
    case 'expired':
      return `(revoked IS NULL AND ends IS NOT NULL AND ends <= ${clock()})`;
    case 'scheduled': {
      const now = clock();
      return `(revoked IS NULL AND (ends IS NULL OR ends > ${now}) AND starts > ${now})`;
    }
    case 'active': {
      const now = clock();
      return `(revoked IS NULL AND (ends IS NULL OR ends > ${now}) AND starts <= ${now})`;
    }
  }
}

function filterSql(projectId: string, f: KeyFilter, params: unknown[], now?: Date): string {
  params.push(projectId);
  const where = [`project_id = $${params.length}`];
  if (f.appUserId !== undefined) {
    params.push(f.appUserId);
    where.push(`app_user_id = $${params.length}`);
  }
  if (f.lockId !== undefined) {
    params.push(f.lockId);
    where.push(`lock_id = $${params.length}`);
  }
  if (f.origin !== undefined) {
    params.push(f.origin);
    where.push(`origin = $${params.length}`);
  }
  if (f.excludeStates?.length) {
    // The clock is sent only when a condition uses it: PostgreSQL cannot type a parameter that no
    // expression mentions, so `excludeStates=revoked` alone once failed the whole query.
    let p: string | undefined;
    const clock = () => {
      if (p === undefined) {
        params.push((now ?? new Date()).toISOString());
        p = `$${params.length}::timestamptz`;
      }
      return p;
    };
    for (const s of new Set(f.excludeStates)) where.push(`NOT ${stateSql(s, clock)}`);
  }
  return where.join(' AND ');
}

export async function keyList(
  db: Queryable,
  projectId: string,
  f: KeyFilter,
  limit: number,
  startAfterId: string | undefined,
  now: Date,
) {
  const params: unknown[] = [];
  let where = filterSql(projectId, f, params, now);
  if (startAfterId) {
    params.push(startAfterId);
    where += ` AND id > $${params.length}`;
  }
  params.push(limit + 1);
  const { rows } = await db.query<KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM keys WHERE ${where} ORDER BY id LIMIT $${params.length}`,
    params,
  );
  return rows;
}

/**
 * Revokes one key; revoking a revoked key keeps its first revocation time (idempotent). A key
 * revoked by this call is announced to keyChanged webhooks (key.revoked) in the same transaction.
 */
export async function keyRevoke(tx: Tx, projectId: string, keyId: string) {
  const { rows } = await tx.query<KeyRow & { newly: boolean }>(
    `WITH old AS (SELECT id, revoked IS NULL AS newly FROM keys WHERE id = $1 AND project_id = $2 FOR UPDATE)
     UPDATE keys k SET revoked = COALESCE(k.revoked, now()) FROM old WHERE k.id = old.id
     RETURNING ${KEY_COLUMNS.split(', ')
       .map((c) => `k.${c}`)
       .join(', ')}, old.newly`,
    [keyId, projectId],
  );
  const r = rows[0];
  if (!r) return undefined;
  const { newly, ...key } = r;
  if (newly) {
    await enqueueKeyChanged(tx, 'key.revoked', [key]);
    await reconcileAfterKeyChange(tx, [key.id]);
  }
  return key;
}

/**
 * Revokes the unrevoked keys matching the filter, announcing each (key.revoked) in the same
 * transaction; returns their ids.
 */
export async function keyRevokeWhere(
  tx: Tx,
  projectId: string,
  f: Omit<KeyFilter, 'excludeStates'> & { sharingRightIds?: string[] },
): Promise<string[]> {
  const params: unknown[] = [];
  let where = filterSql(projectId, f, params);
  if (f.sharingRightIds) {
    params.push(f.sharingRightIds);
    where += ` AND sharing_right_id = ANY($${params.length}::uuid[])`;
  }
  const { rows } = await tx.query<KeyRow>(
    `UPDATE keys SET revoked = now() WHERE ${where} AND revoked IS NULL RETURNING ${KEY_COLUMNS}`,
    params,
  );
  await enqueueKeyChanged(tx, 'key.revoked', rows);
  await reconcileAfterKeyChange(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => r.id);
}

export interface KeyInsert {
  id: string;
  lockId: string;
  appUserId: string;
  starts: Date;
  ends: Date | null;
  recurrence: Recurrence | null;
  metadata: Record<string, string>;
}

/**
 * Inserts integrator keys with one statement per 5,000 rows (arrays unnested server-side): one round
 * trip instead of 10,000, which is what keeps a 10,000-key batch well under 2 s. Nothing is
 * RETURNed: every value is known here, and sending 10,000 rows back costs more than the insert.
 */
export async function keyInsertMany(
  tx: Tx,
  projectId: string,
  keys: KeyInsert[],
  created: Date,
): Promise<KeyRow[]> {
  for (let i = 0; i < keys.length; i += 5000) {
    const chunk = keys.slice(i, i + 5000);
    await tx.query(
      `INSERT INTO keys (id, project_id, lock_id, app_user_id, origin, starts, ends, recurrence, metadata, created)
       SELECT t.id, $1, t.lock_id, t.app_user_id, 'integrator', t.starts, t.ends, t.recurrence::jsonb, t.metadata::jsonb, $2
         FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[], $7::timestamptz[], $8::text[], $9::text[])
           AS t(id, lock_id, app_user_id, starts, ends, recurrence, metadata)`,
      [
        projectId,
        created.toISOString(),
        chunk.map((k) => k.id),
        chunk.map((k) => k.lockId),
        chunk.map((k) => k.appUserId),
        chunk.map((k) => k.starts.toISOString()),
        chunk.map((k) => (k.ends ? k.ends.toISOString() : null)),
        chunk.map((k) => (k.recurrence ? JSON.stringify(k.recurrence) : null)),
        chunk.map((k) => JSON.stringify(k.metadata)),
      ],
    );
  }
  return keys.map((k) => ({
    id: k.id,
    project_id: projectId,
    lock_id: k.lockId,
    app_user_id: k.appUserId,
    origin: 'integrator',
    shared_by: null,
    sharing_right_id: null,
    starts: k.starts,
    ends: k.ends,
    recurrence: k.recurrence,
    metadata: k.metadata,
    created,
    revoked: null,
  }));
}
