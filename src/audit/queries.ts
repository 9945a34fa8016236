// Every statement on audit_records. Records are inserted with the change they describe (the
// caller's transaction), listed by owner (tenancy in the WHERE), deleted by retention, and touched
// otherwise only by erasure.
import type { Queryable, Tx } from '../db/db.ts';
import { uuidv7 } from '../ids.ts';
import { type AuditEntry, ERASED, peopleOf } from './record.ts';

/**
 * Writes the entries in one statement, inside the transaction of the change. A record of a
 * project without an organization named gets the project's organization, so the organization's
 * trail shows its projects' changes.
 */
export async function auditInsert(tx: Tx, entries: readonly AuditEntry[], at = new Date()): Promise<void> {
  if (entries.length === 0) return;
  const ids = entries.map(() => uuidv7(at.getTime())).sort();
  const col = <T>(f: (e: AuditEntry) => T) => entries.map(f);
  await tx.query(
    `INSERT INTO audit_records (id, at, actor_type, actor_id, action, resource_type, resource_id,
                                project_id, organization_id, request_id, source_address, changes, people)
     SELECT t.id, $1, t.actor_type, t.actor_id, t.action, t.resource_type, t.resource_id, t.project_id,
            COALESCE(t.organization_id, p.organization_id), t.request_id, t.source_address, t.changes::jsonb,
            string_to_array(t.people, ' ')
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::uuid[],
                   $9::uuid[], $10::text[], $11::text[], $12::text[], $13::text[])
         AS t(id, actor_type, actor_id, action, resource_type, resource_id, project_id, organization_id,
              request_id, source_address, changes, people)
       LEFT JOIN projects p ON p.id = t.project_id`,
    [
      at.toISOString(),
      ids,
      col((e) => e.actor.type),
      col((e) => e.actor.id),
      col((e) => e.action),
      col((e) => e.resource.type),
      col((e) => e.resource.id),
      col((e) => e.projectId ?? null),
      col((e) => e.organizationId ?? null),
      col((e) => e.requestId ?? null),
      col((e) => e.sourceAddress ?? null),
      col((e) => JSON.stringify(e.changes)),
      // Phone numbers hold no space: one string per record, split in SQL.
      col((e) => peopleOf(e).join(' ')),
    ],
  );
}

export interface AuditRow {
  id: string;
  at: Date;
  actor_type: string;
  actor_id: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  project_id: string | null;
  organization_id: string | null;
  request_id: string | null;
  source_address: string | null;
  changes: Record<string, unknown>;
}

export interface AuditFilter {
  resourceType?: string;
  resourceId?: string;
  actorId?: string;
  action?: string;
  from?: string;
  to?: string;
}

export type AuditOwner = { projectId: string } | { organizationId: string } | 'all';

/** The smallest UUIDv7 of a millisecond: ids at or after the time compare >= it. */
export function uuidv7Floor(t: Date): string {
  const h = Math.max(0, t.getTime()).toString(16).padStart(12, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7000-8000-000000000000`;
}

/** One page (limit + 1 rows) of an owner's records matching the filter, by id (time order). */
export async function auditList(
  db: Queryable,
  owner: AuditOwner,
  f: AuditFilter,
  limit: number,
  startAfterId: string | undefined,
): Promise<AuditRow[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (owner !== 'all') {
    if ('projectId' in owner) add('project_id = ?', owner.projectId);
    else add('organization_id = ?', owner.organizationId);
  }
  if (f.resourceType !== undefined) add('resource_type = ?', f.resourceType);
  if (f.resourceId !== undefined) add('resource_id = ?', f.resourceId);
  if (f.actorId !== undefined) add('actor_id = ?', f.actorId);
  if (f.action !== undefined) add('action = ?', f.action);
  // `at` is the id's own time, so a time range is an id range (the index's order).
  if (f.from !== undefined) add('id >= ?::uuid', uuidv7Floor(new Date(f.from)));
  if (f.to !== undefined) add('id < ?::uuid', uuidv7Floor(new Date(new Date(f.to).getTime() + 1)));
  if (startAfterId !== undefined) add('id > ?::uuid', startAfterId);
  params.push(limit + 1);
  const { rows } = await db.query<AuditRow>(
    `SELECT id, at, actor_type, actor_id, action, resource_type, resource_id, project_id, organization_id,
            request_id, source_address, changes
       FROM audit_records ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY id LIMIT $${params.length}`,
    params,
  );
  return rows;
}

/** Deletes up to `batch` records older than `cutoff` (retention); answers how many. */
export async function auditExpireBatch(db: Queryable, cutoff: Date, batch: number) {
  return db.query(
    'DELETE FROM audit_records WHERE id IN (SELECT id FROM audit_records WHERE id < $1::uuid ORDER BY id LIMIT $2)',
    [uuidv7Floor(cutoff), batch],
  );
}

const NAME_FIELDS = new Set(['name', 'firstName', 'lastName']);
const PERSON_RESOURCES = new Set(['managedUser', 'appUser']);

/**
 * Erasure: in every record that names the person, their phone number and the names they were
 * known by become ERASED. The one update the trail ever gets; the rest of each record stays.
 */
export async function auditErasePerson(tx: Tx, appUserId: string, names: readonly string[]): Promise<number> {
  const { rows } = await tx.query<{
    id: string;
    actor_id: string | null;
    resource_type: string;
    resource_id: string | null;
    changes: unknown;
  }>(
    'SELECT id, actor_id, resource_type, resource_id, changes FROM audit_records WHERE people @> ARRAY[$1]::text[]',
    [appUserId],
  );
  if (rows.length === 0) return 0;
  const gone = new Set([appUserId, ...names.filter((n) => n.trim() !== '')]);
  // In a record about the person themselves, every name field is theirs, whatever it was then.
  const scrubber = (personal: boolean) => {
    const scrub = (v: unknown, key?: string): unknown => {
      if (typeof v === 'string') return gone.has(v) || (personal && key && NAME_FIELDS.has(key)) ? ERASED : v;
      if (Array.isArray(v)) return v.map((x) => scrub(x));
      if (v && typeof v === 'object')
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrub(x, k)]));
      return v;
    };
    return scrub;
  };
  const scrubbed = rows.map((r) => {
    const scrub = scrubber(PERSON_RESOURCES.has(r.resource_type) && r.resource_id === appUserId);
    return {
      id: r.id,
      actorId: scrub(r.actor_id) as string | null,
      resourceId: scrub(r.resource_id) as string | null,
      changes: JSON.stringify(scrub(r.changes)),
    };
  });
  await tx.query(
    `UPDATE audit_records a SET actor_id = t.actor_id, resource_id = t.resource_id, changes = t.changes::jsonb,
            people = array_remove(a.people, $4)
       FROM unnest($1::uuid[], $2::text[], $3::text[], $5::text[]) AS t(id, actor_id, resource_id, changes)
      WHERE a.id = t.id`,
    [
      scrubbed.map((r) => r.id),
      scrubbed.map((r) => r.actorId),
      scrubbed.map((r) => r.resourceId),
      appUserId,
      scrubbed.map((r) => r.changes),
    ],
  );
  return rows.length;
}
