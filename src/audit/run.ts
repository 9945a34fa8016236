// Runs an operation that changes something so that its audit record is written in the same
// transaction as the change: the handler gets a context whose `db` is that transaction (its own
// transactions become savepoints in it), and the records are inserted after the handler returns,
// before COMMIT. A handler that throws rolls back its change and writes no record; a record that
// cannot be written rolls back the change. Nothing in a handler has to remember to audit.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/db.ts';
import { type AuditedRun, auditAction, type Operation } from '../http/operations.ts';
import { isUuid } from '../ids.ts';
import { BEFORE, ID_PARAM } from './before.ts';
import { auditInsert } from './queries.ts';
import { type Actor, type AuditEntry, type Changes, changesOf, type Fields, recordable } from './record.ts';

/** A record the handler states itself, instead of the one made from its answer. */
export interface AuditNote {
  resourceId: string | null;
  /** Another action than the operation's (a key revoked with the sharing right it hung on). */
  action?: string;
  before?: unknown;
  after?: unknown;
  /** Fields before and after as they are (they go through the allow-list like any others). */
  changes?: Changes;
  projectId?: string;
}

const NOTES = new WeakMap<FastifyRequest, AuditNote[]>();
const ON_COMMIT = Symbol('onCommit');

/**
 * States the records of this request's change (one per resource it changed), for changes whose
 * answer does not show them (a bulk revocation answers a count).
 */
export function auditNote(request: FastifyRequest, ...notes: AuditNote[]): void {
  const list = NOTES.get(request);
  if (!list) throw new Error('auditNote outside an audited operation');
  list.push(...notes);
}

/** The notes of a bulk revocation: each resource revoked now, `action` the operation's when not given. */
export function revokedNotes(ids: readonly string[], action?: string): AuditNote[] {
  const revoked = new Date().toISOString();
  return ids.map((id) => ({
    resourceId: id,
    ...(action ? { action } : {}),
    changes: { after: { revoked } },
  }));
}

/** Runs `fn` once the request's transaction has committed (at once outside one). */
export function onCommit(db: Db, fn: () => void): void {
  const later = (db as { [ON_COMMIT]?: (() => void)[] })[ON_COMMIT];
  if (later) later.push(fn);
  else fn();
}

/** The request's transaction seen as a Db: queries run in it, transactions are savepoints of it. */
function transactionAsDb(db: Db, tx: Tx, later: (() => void)[]): Db {
  let savepoints = 0;
  return {
    [ON_COMMIT]: later,
    kind: db.kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    async transaction(fn) {
      const name = `sp${++savepoints}`;
      await tx.query(`SAVEPOINT ${name}`);
      try {
        const r = await fn(tx);
        await tx.query(`RELEASE SAVEPOINT ${name}`);
        return r;
      } catch (e) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
        throw e;
      }
    },
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => Promise.reject(new Error('the store cannot be closed from a request')),
  } as Db;
}

/** Who made the change: the operator, an API client (v2 or v1 token) or an app user. */
export function actorOf(op: Operation, request: FastifyRequest): Actor {
  if (op.auth.kind === 'admin') return { type: 'admin', id: null };
  const claims = request.principal?.claims;
  if (claims)
    return typeof claims.client_id === 'string'
      ? { type: 'client', id: claims.client_id }
      : { type: 'appUser', id: String(claims.sub) };
  if (request.v1Principal) return { type: 'client', id: request.v1Principal.clientId };
  return { type: 'system', id: null };
}

const uuidOrNull = (v: unknown) => (isUuid(v) ? v.toLowerCase() : null);

/** Only allow-listed fields, whoever assembled the changes. */
const allowed = (c: Changes): Changes => {
  const before = recordable(c.before);
  const after = recordable(c.after);
  return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
};

/** The resource objects an answer shows: `{ key }` → one, `{ keys: [...] }` → each. */
function shownIn(body: unknown): Fields[] {
  if (!body || typeof body !== 'object') return [];
  for (const v of Object.values(body)) {
    if (Array.isArray(v) && v.every((x) => x && typeof x === 'object' && 'id' in x)) return v;
    if (v && typeof v === 'object' && !Array.isArray(v)) return [v as Fields];
  }
  return [];
}

/** The records of one audited change, from the handler's notes or else from its answer. */
function entriesOf(
  action: string,
  request: FastifyRequest,
  op: Operation,
  before: unknown,
  body: unknown,
  notes: AuditNote[],
): AuditEntry[] {
  const type = action.slice(0, action.indexOf('.'));
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const claims = request.principal?.claims;
  const actor = actorOf(op, request);
  // An app user changing their own record names no id in the path: it is theirs.
  const pathId =
    params[ID_PARAM[type] ?? `${type}Id`] ??
    (type === 'appUser' && actor.type === 'appUser' ? actor.id : null);
  const base = {
    actor,
    action,
    requestId: request.id,
    sourceAddress: request.ip,
  };
  const projectId = uuidOrNull(params.projectId ?? claims?.project_id);
  const organizationId = uuidOrNull(
    params.organizationId ?? claims?.organization_id ?? request.v1Principal?.organizationId,
  );
  const entry = (resourceId: string | null, changes: Changes, shown?: Fields): AuditEntry => ({
    ...base,
    resource: { type, id: resourceId },
    projectId:
      projectId ??
      uuidOrNull(shown?.projectId) ??
      (shown?.resourceType === 'project' ? uuidOrNull(shown.resourceId) : null),
    organizationId:
      organizationId ??
      (type === 'project' || type === 'client' ? uuidOrNull(shown?.organizationId) : null) ??
      (type === 'organization' ? uuidOrNull(shown?.id) : null) ??
      (shown?.resourceType === 'organization' ? uuidOrNull(shown.resourceId) : null),
    changes: allowed(changes),
  });
  const noted = (n: AuditNote) => {
    const e = entry(n.resourceId, n.changes ?? changesOf(n.before, n.after));
    if (n.action) {
      e.action = n.action;
      e.resource = { type: n.action.slice(0, n.action.indexOf('.')), id: n.resourceId };
    }
    if (n.projectId) e.projectId = n.projectId;
    return e;
  };
  // Notes of the operation's own action replace the records made from the answer; notes of other
  // actions (the keys an offboarding revoked) come beside them.
  const own = notes.filter((n) => !n.action || n.action === action);
  const beside = notes.filter((n) => n.action && n.action !== action).map(noted);
  if (own.length > 0) return [...own.map(noted), ...beside];
  return [...fromAnswerOf(type, op, pathId, before, body, entry), ...beside];
}

function fromAnswerOf(
  type: string,
  op: Operation,
  pathId: string | null,
  before: unknown,
  body: unknown,
  entry: (resourceId: string | null, changes: Changes, shown?: Fields) => AuditEntry,
): AuditEntry[] {
  const shown = shownIn(body);
  // Nothing shown: a delete (204) records what was there; anything else only its action.
  if (shown.length === 0)
    return [entry(pathId, op.success.status === 204 ? changesOf(before, undefined) : {})];
  const idOf = (o: Fields) =>
    type === 'managedUser' && typeof o.appUserId === 'string'
      ? o.appUserId
      : typeof o.id === 'string'
        ? o.id
        : pathId;
  return shown.map((o) => entry(idOf(o), changesOf(before, o), o));
}

export function createAuditedRun(ctx: AppContext): AuditedRun {
  return async (op, request, _reply, run) => {
    const action = auditAction(op.audit);
    if (!action) return run(ctx);
    const type = action.slice(0, action.indexOf('.'));
    const notes: AuditNote[] = [];
    NOTES.set(request, notes);
    if (typeof op.audit === 'object' && 'recordAfter' in op.audit) {
      // Outside a transaction (see auditAction): what it changes is its own to keep consistent;
      // the record follows its success, and a failure (thrown) records nothing, as it changed nothing.
      const readBefore = BEFORE[type];
      const before = readBefore
        ? await readBefore(ctx.db, (request.params ?? {}) as Record<string, string | undefined>)
        : undefined;
      const answer = await run(ctx);
      await ctx.db.transaction((tx) =>
        auditInsert(tx, entriesOf(action, request, op, recordable(before), answer, notes)),
      );
      return answer;
    }
    const later: (() => void)[] = [];
    const body = await ctx.db.transaction(async (tx) => {
      const readBefore = BEFORE[type];
      const before = readBefore
        ? await readBefore(tx, (request.params ?? {}) as Record<string, string | undefined>)
        : undefined;
      const answer = await run(Object.create(ctx, { db: { value: transactionAsDb(ctx.db, tx, later) } }));
      await auditInsert(tx, entriesOf(action, request, op, recordable(before), answer, notes));
      return answer;
    });
    for (const fn of later) fn();
    return body;
  };
}
