// POST /v2/app/events: the app reports what it did, possibly long after (it buffers offline) and
// possibly more than once (retries after a lost response). Idempotent by event id; the accepted
// events of a batch and their webhook deliveries commit together in ONE transaction.
import type { AppContext } from '../../context.ts';
import { accessEventBody, deliveriesEnqueueForEvents } from '../../delivery/enqueue.ts';
import { badRequest, type InvalidParam } from '../../http/errors.ts';
import {
  eventIdsClaim,
  eventIdsSeen,
  eventKeysLoad,
  eventsInsert,
  type NewEventRow,
  scopedKey,
} from './event-queries.ts';
import { eventRejectReason } from './event-validation.ts';
import type { RejectReason } from './schema.ts';

export interface UploadedEvent {
  id: string;
  keyId: string;
  action: 'locked' | 'unlocked';
  created: string;
}

export interface EventResult {
  id: string;
  status: 'accepted' | 'duplicate' | 'rejected';
  reason?: RejectReason;
}

/** Timestamps the schema let through but Date cannot represent (e.g. a leap second) are 400 too. */
function parseCreated(events: UploadedEvent[]): Date[] {
  const bad: InvalidParam[] = [];
  const dates = events.map((e, i) => {
    const d = new Date(e.created);
    if (Number.isNaN(d.getTime()))
      bad.push({ name: `events.${i}.created`, reason: 'must be a valid date-time' });
    return d;
  });
  if (bad.length) throw badRequest('Invalid request body', bad);
  return dates;
}

export async function eventsIngest(
  ctx: AppContext,
  appUserId: string,
  uploaded: UploadedEvent[],
  now = new Date(),
): Promise<EventResult[]> {
  const created = parseCreated(uploaded);
  // UUIDs compare case-insensitively; PostgreSQL returns them lower-case.
  const events = uploaded.map((e) => ({
    id: e.id.toLowerCase(),
    keyId: e.keyId.toLowerCase(),
    action: e.action,
    created: e.created,
  }));
  const retentionDays = ctx.config.accessLogRetentionDays;

  const { results, accepted } = await ctx.db.transaction(async (tx) => {
    const keys = new Map(
      (await eventKeysLoad(tx, appUserId, [...new Set(events.map((e) => e.keyId))])).map((k) => [k.id, k]),
    );
    const reasons = events.map((e, i) => {
      const k = keys.get(e.keyId);
      return eventRejectReason(k, created[i]!, now, retentionDays);
    });
    // Ids are one namespace per project (the project of the event's key): an id another tenant
    // uploaded first neither suppresses this event nor shows as a duplicate. An event whose key is
    // not the caller's has no project, so it is never a duplicate of anything.
    const scope = events.map((e) => {
      const k = keys.get(e.keyId);
      return k ? scopedKey({ id: e.id, projectId: k.project_id }) : undefined;
    });
    // The first valid occurrence of an id in the batch is its candidate; later ones are duplicates.
    const candidate = new Map<string, number>();
    events.forEach((_, i) => {
      if (!reasons[i] && !candidate.has(scope[i]!)) candidate.set(scope[i]!, i);
    });
    const candidates = [...candidate.values()];
    const claimed = await eventIdsClaim(
      tx,
      candidates.map((i) => ({ id: events[i]!.id, projectId: keys.get(events[i]!.keyId)!.project_id })),
      candidates.map((i) => created[i]!.toISOString()),
    );
    const rows: NewEventRow[] = candidates
      .filter((i) => claimed.has(scope[i]!))
      .map((i) => {
        const e = events[i]!;
        const k = keys.get(e.keyId)!;
        return {
          id: e.id,
          projectId: k.project_id,
          lockId: k.lock_id,
          keyId: k.id,
          appUserId,
          action: e.action,
          created: created[i]!.toISOString(),
          lockName: k.lock_name,
          userName: k.user_name,
          origin: k.origin,
        };
      });
    if (rows.length > 0) {
      const received = await eventsInsert(tx, rows);
      // Webhooks fire only for keys an integrator created, never for shared keys.
      await deliveriesEnqueueForEvents(
        tx,
        rows
          .filter((r) => r.origin === 'integrator')
          .map((r) => ({
            id: r.id,
            projectId: r.projectId,
            lockId: r.lockId,
            received,
            body: accessEventBody(r),
          })),
      );
    }
    // An id recorded by an earlier upload is a duplicate even if it would now be rejected (the
    // key was revoked since, or the event has aged): the app must not keep retrying it.
    const rejected = events.flatMap((e, i) => {
      const k = keys.get(e.keyId);
      return reasons[i] && k && !claimed.has(scope[i]!) ? [{ id: e.id, projectId: k.project_id }] : [];
    });
    const seen = await eventIdsSeen(tx, rejected);
    const results: EventResult[] = events.map((e, i) => {
      const s = scope[i];
      if (s !== undefined && candidate.get(s) === i && claimed.has(s))
        return { id: e.id, status: 'accepted' };
      const reason = reasons[i];
      if (!reason || (s !== undefined && (claimed.has(s) || seen.has(s))))
        return { id: e.id, status: 'duplicate' };
      return { id: e.id, status: 'rejected', reason };
    });
    return { results, accepted: rows };
  });

  for (const origin of ['integrator', 'shared'] as const) {
    const n = accepted.filter((r) => r.origin === origin).length;
    if (n > 0) ctx.metrics.eventsAccepted.inc({ origin }, n);
  }
  return results;
}
