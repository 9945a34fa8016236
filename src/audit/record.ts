// The audit record and what may go in it. `changes` is built only from an allow-list of field
// names: a field this list does not name is left out, so a secret added to some resource later
// (a client secret, a webhook secret, a token, a PIN, a private key) cannot reach the trail by
// default; it would take someone adding its name here.

export const ACTOR_TYPES = ['admin', 'client', 'appUser', 'bridge', 'system'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export interface Actor {
  type: ActorType;
  /** The client id, the app user's phone number, the bridge id, the job's name; null for the operator. */
  id: string | null;
}

/** What erasure puts in place of the erased person's phone number and name. */
export const ERASED = '[erased]';

/** Fields of the API's own presentations that may be recorded, before and after. */
const RECORDED_FIELDS = new Set([
  'id',
  'name',
  'firstName',
  'lastName',
  'appUserId',
  'lockId',
  'allLocks',
  'organizationId',
  'organizationIdSuffix',
  'projectId',
  'clientId',
  'timezone',
  'address',
  'metadata',
  'start',
  'end',
  'recurrence',
  'state',
  'origin',
  'revoked',
  'trigger',
  'url',
  'enabled',
  'disabledReason',
  'scope',
  'resourceType',
  'resourceId',
  'sandbox',
  'countryIso',
  'orgNumber',
  'orgNumberSuffix',
  'canShare',
  'status',
  'eventId',
  'keyId',
  // An issuer key's id: the thumbprint of a public key, never secret.
  'kid',
  'sharedBy',
  'accessEvents',
  'keys',
  'managedUsers',
  'sharingRights',
  'deliveries',
]);

export type Fields = Record<string, unknown>;

/** The recordable fields of a presented resource; everything else is left out. */
export function recordable(o: unknown): Fields | undefined {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return undefined;
  const out: Fields = {};
  for (const [k, v] of Object.entries(o)) if (RECORDED_FIELDS.has(k) && v !== undefined) out[k] = v;
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface Changes {
  before?: Fields;
  after?: Fields;
}

/**
 * The fields that differ, before and after: a create has only `after`, a delete only `before`, an
 * update the changed fields on both sides (an update that changed nothing: both empty).
 */
export function changesOf(before: unknown, after: unknown): Changes {
  const b = recordable(before);
  const a = recordable(after);
  if (!b) return a ? { after: a } : {};
  if (!a) return { before: b };
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  const out: Required<Changes> = { before: {}, after: {} };
  for (const k of keys) {
    if (same(b[k], a[k])) continue;
    if (k in b) out.before[k] = b[k];
    if (k in a) out.after[k] = a[k];
  }
  return out;
}

/** One record to write; `id` and `at` are given when it is written. */
export interface AuditEntry {
  actor: Actor;
  action: string;
  resource: { type: string; id: string | null };
  projectId?: string | null;
  organizationId?: string | null;
  requestId?: string | null;
  sourceAddress?: string | null;
  changes: Changes;
}

const PHONE = /^\+[1-9][0-9]{6,14}$/;

/** The phone numbers an entry names (its actor, its resource, any field holding one). */
export function peopleOf(e: AuditEntry): string[] {
  const found = new Set<string>();
  const visit = (v: unknown) => {
    if (typeof v === 'string') {
      if (PHONE.test(v)) found.add(v);
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit(e.actor.id);
  visit(e.resource.id);
  visit(e.changes);
  return [...found];
}
