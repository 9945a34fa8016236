// POST …/webhooks/{webhookId}/test: one signed POST of a sample access event, now, answered with
// the attempt. The same headers (signature with every active secret, Basic credentials), body shape
// and SSRF-checked sender as a real delivery; nothing is queued, retried or logged, and a disabled
// webhook is tested too (that is when an integrator wants to know whether the receiver is back).
import { randomUUID } from 'node:crypto';
import type { Agent } from 'undici';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { accessEventBody } from '../../delivery/enqueue.ts';
import { envelopeBody } from '../../delivery/envelopes.ts';
import { deliverySend } from '../../delivery/send.ts';
import { deliveryHeaders } from '../../delivery/sign.ts';
import { USER_AGENT } from '../../delivery/worker.ts';
import { found } from '../../http/errors.ts';
import { spendOrRefuse } from '../../http/rate-limit.ts';

/** What a test delivery carries besides the webhook's lock: recognisably not a person. */
export const TEST_EVENT = {
  action: 'unlocked',
  keyId: '00000000-0000-0000-0000-000000000000',
  appUserId: '+10000000000',
  userName: 'Latchkey test delivery',
} as const;

export interface TestAttempt {
  at: string;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

interface TestTarget {
  url: string;
  credentials_enc: string | null;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_secret_until: Date | null;
  /** null for a webhook of every lock: the sample names no real lock. */
  lock_id: string | null;
  lock_name: string | null;
  trigger: string;
}

/** The sample lock of a test delivery for a webhook of every lock of the project. */
export const TEST_LOCK = { lockId: '00000000-0000-0000-0000-000000000000', lockName: 'Latchkey test lock' };

async function testTargetFind(db: Queryable, projectId: string, webhookId: string) {
  const { rows } = await db.query<TestTarget>(
    `SELECT w.url, w.credentials_enc, w.secret_enc, w.previous_secret_enc, w.previous_secret_until,
            w.lock_id, l.name AS lock_name, w.trigger
       FROM webhooks w LEFT JOIN locks l ON l.id = w.lock_id
      WHERE w.id = $1 AND w.project_id = $2`,
    [webhookId, projectId],
  );
  return rows[0];
}

/**
 * A sample body of the webhook's trigger: an access event, or an envelope (key.created of a
 * sample key, lock.jammed) whose ids are the nil UUID, so receivers can tell it from a real one.
 */
function testBody(w: TestTarget, at: Date): string {
  const id = randomUUID();
  const lockId = w.lock_id ?? TEST_LOCK.lockId;
  if (w.trigger === 'keyChanged') {
    return envelopeBody('key.created', id, at, {
      id: TEST_EVENT.keyId,
      lockId,
      appUserId: TEST_EVENT.appUserId,
      start: at.toISOString(),
      end: null,
      recurrence: null,
      state: 'active',
      origin: 'integrator',
      created: at.toISOString(),
      metadata: {},
    });
  }
  if (w.trigger === 'lockActivity') {
    return envelopeBody('lock.jammed', id, at, {
      id: TEST_EVENT.keyId,
      lockId,
      at: at.toISOString(),
      kind: 'jammed',
      source: null,
      detail: TEST_EVENT.userName,
    });
  }
  return accessEventBody({
    id,
    created: at,
    lockId,
    lockName: w.lock_name ?? TEST_LOCK.lockName,
    ...TEST_EVENT,
  });
}

export async function webhookTestSend(
  ctx: Pick<AppContext, 'db' | 'keyring' | 'config' | 'testDeliveryRate'>,
  agent: Agent,
  projectId: string,
  webhookId: string,
): Promise<TestAttempt> {
  const w = await found('webhook', testTargetFind(ctx.db, projectId, webhookId));
  // Each one is a signed POST to an address the project chose, sent at once: counted per project,
  // so that one token cannot turn the service into a sender of tens of thousands a minute.
  spendOrRefuse(
    ctx.testDeliveryRate,
    projectId,
    `At most ${ctx.testDeliveryRate.limit} test deliveries per minute per project (LATCHKEY_TEST_DELIVERIES_PER_MINUTE)`,
  );
  const at = new Date();
  const body = testBody(w, at);
  const secrets = [ctx.keyring.decrypt(w.secret_enc)];
  if (w.previous_secret_enc && w.previous_secret_until && w.previous_secret_until.getTime() > at.getTime())
    secrets.push(ctx.keyring.decrypt(w.previous_secret_enc));
  const msgId = (JSON.parse(body) as { id: string }).id;
  const result = await deliverySend(agent, {
    url: w.url,
    headers: deliveryHeaders({
      msgId,
      timestamp: Math.floor(at.getTime() / 1000),
      body,
      secrets,
      credentials: w.credentials_enc ? ctx.keyring.decrypt(w.credentials_enc) : null,
      userAgent: USER_AGENT,
    }),
    body,
    timeoutMs: ctx.config.webhookTimeoutMs,
  });
  return {
    at: at.toISOString(),
    responseStatus: result.status ?? null,
    durationMs: result.durationMs,
    error: result.error ?? null,
  };
}
