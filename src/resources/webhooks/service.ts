// Webhook registration and management (docs/webhooks.md).
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { TRIGGERS } from '../../delivery/event-types.ts';
import { deliveriesFailPending } from '../../delivery/queries.ts';
import { webhookSecretGenerate } from '../../delivery/sign.ts';
import {
  type WebhookUrl,
  WebhookUrlError,
  webhookHostCheck,
  webhookUrlParse,
} from '../../delivery/webhook-url.ts';
import { badRequest, conflict, found, type InvalidParam, invalidParam } from '../../http/errors.ts';
import type { WebhookRow } from './present.ts';
import {
  lockHoldForWebhooks,
  lockIsActive,
  MAX_WEBHOOKS_PER_LOCK,
  projectHoldForWebhooks,
  webhookCountByLock,
  webhookInsert,
  webhookSetEnabled,
} from './queries.ts';

export const SECRET_OVERLAP_SECONDS = 24 * 3600;

export interface WebhookCreateInput {
  trigger?: string;
  url?: string;
  webhookUrl?: string;
  lockId?: string;
  allLocks?: boolean;
}

/** Which locks: one (`lockId`) or every lock of the project (`allLocks: true`, stored as null). */
function locksOf(body: WebhookCreateInput): { lockId: string | null } | InvalidParam {
  if (body.allLocks === true) {
    if (body.lockId !== undefined) {
      return { name: 'allLocks', reason: 'give either lockId or allLocks: true, not both' };
    }
    return { lockId: null };
  }
  if (body.lockId === undefined) {
    return {
      name: 'lockId',
      reason:
        body.allLocks === false
          ? 'is required when allLocks is false'
          : 'is required (or allLocks: true for every lock of the project)',
    };
  }
  return { lockId: body.lockId };
}

/** `url` and its alias `webhookUrl` (Unloc clients use either name): one of them, or both equal. */
function urlOf(body: WebhookCreateInput): { name: string; value: string } {
  if (body.url !== undefined && body.webhookUrl !== undefined && body.url !== body.webhookUrl) {
    throw badRequest('url and webhookUrl name the same field and differ', [
      { name: 'webhookUrl', reason: 'must equal url when both are given' },
    ]);
  }
  if (body.url !== undefined) return { name: 'url', value: body.url };
  if (body.webhookUrl !== undefined) return { name: 'webhookUrl', value: body.webhookUrl };
  throw invalidParam('url', 'is required (or its alias webhookUrl)');
}

/** A registration that passed every check that needs no transaction (webhookCreateCheck). */
export interface WebhookCreatePlan {
  trigger: string;
  lockId: string | null;
  url: WebhookUrl;
}

/**
 * The checks of a registration, its host's resolution included, run before the registration's
 * transaction opens (the operation's `prepare`): a resolver may take up to LOOKUP_TIMEOUT_MS, and a
 * transaction held open meanwhile would, on the embedded store's one connection, hold up every
 * other request. What they prove is checked again where it can change: the lock in the transaction
 * (lockHoldForWebhooks), the addresses at every delivery's connect (the agent's lookup).
 */
export async function webhookCreateCheck(
  ctx: AppContext,
  projectId: string,
  body: WebhookCreateInput,
): Promise<WebhookCreatePlan> {
  const trigger = body.trigger ?? 'accessEvent';
  if (!(TRIGGERS as readonly string[]).includes(trigger)) {
    throw invalidParam('trigger', `must be one of ${TRIGGERS.join(', ')}`);
  }
  const field = urlOf(body);
  const problems: InvalidParam[] = [];
  const locks = locksOf(body);
  if ('name' in locks) problems.push(locks);
  const lockId = 'name' in locks ? undefined : locks.lockId;
  let parsed: WebhookUrl | undefined;
  try {
    parsed = webhookUrlParse(field.value);
  } catch (e) {
    if (!(e instanceof WebhookUrlError)) throw e;
    problems.push({ name: field.name, reason: e.message });
  }
  if (lockId && !(await lockIsActive(ctx.db, projectId, lockId))) {
    problems.push({ name: 'lockId', reason: 'is not a lock of this project' });
  }
  if (parsed && problems.length === 0) {
    try {
      await webhookHostCheck(parsed.host, ctx.config.webhookAllowedCidrs, ctx.webhookLookup);
    } catch (e) {
      if (!(e instanceof WebhookUrlError)) throw e;
      problems.push({ name: field.name, reason: e.message });
    }
  }
  if (problems.length > 0 || !parsed || lockId === undefined) {
    throw badRequest(problems.map((p) => `${p.name}: ${p.reason}`).join('; '), problems);
  }
  return { trigger, lockId, url: parsed };
}

/** Registers a checked webhook (in the request's transaction: the audited one). */
export async function webhookCreate(
  ctx: AppContext,
  projectId: string,
  plan: WebhookCreatePlan,
): Promise<{ row: WebhookRow; secret: string }> {
  const { trigger, lockId, url } = plan;
  const where = lockId === null ? 'A project' : 'A lock';
  const name = lockId === null ? 'allLocks' : 'lockId';
  const secret = webhookSecretGenerate();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      if (lockId === null) await projectHoldForWebhooks(tx, projectId);
      else if (!(await lockHoldForWebhooks(tx, projectId, lockId))) {
        throw invalidParam('lockId', 'is not a lock of this project');
      }
      if ((await webhookCountByLock(tx, projectId, lockId)) >= MAX_WEBHOOKS_PER_LOCK) {
        const what = lockId === null ? 'webhooks for all locks' : 'webhooks';
        throw badRequest(`${where} can have at most ${MAX_WEBHOOKS_PER_LOCK} ${what}`, [
          { name, reason: `already has ${MAX_WEBHOOKS_PER_LOCK} ${what}` },
        ]);
      }
      return webhookInsert(tx, {
        projectId,
        lockId,
        trigger,
        url: url.url,
        urlDisplay: url.display,
        credentialsEnc: url.credentials ? ctx.keyring.encrypt(url.credentials) : null,
        secretEnc: ctx.keyring.encrypt(secret),
      });
    });
    return { row, secret };
  } catch (e) {
    if (isUniqueViolation(e)) {
      throw conflict(
        lockId === null
          ? `This URL is already registered for ${trigger} of all locks of this project`
          : `This URL is already registered for ${trigger} of this lock`,
      );
    }
    throw e;
  }
}

/** Disabling fails the webhook's pending deliveries (kept; `recover` re-queues them). */
export async function webhookEnable(
  ctx: AppContext,
  projectId: string,
  webhookId: string,
  enabled: boolean,
): Promise<WebhookRow> {
  return found(
    'webhook',
    ctx.db.transaction(async (tx) => {
      const r = await webhookSetEnabled(tx, projectId, webhookId, enabled);
      if (r && !enabled) await deliveriesFailPending(tx, [r.id]);
      return r;
    }),
  );
}
