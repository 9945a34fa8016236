// Webhook registration and management (docs/webhooks.md).
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { deliveriesFailPending } from '../../delivery/queries.ts';
import { webhookSecretGenerate } from '../../delivery/sign.ts';
import {
  type Lookup,
  systemLookup,
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
  webhookCountByLock,
  webhookInsert,
  webhookSetEnabled,
} from './queries.ts';

export const SECRET_OVERLAP_SECONDS = 24 * 3600;

export interface WebhookCreateInput {
  trigger?: string;
  url?: string;
  webhookUrl?: string;
  lockId: string;
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

export async function webhookCreate(
  ctx: AppContext,
  projectId: string,
  body: WebhookCreateInput,
  lookup: Lookup = systemLookup,
): Promise<{ row: WebhookRow; secret: string }> {
  if (body.trigger !== undefined && body.trigger !== 'accessEvent') {
    throw invalidParam('trigger', 'must be accessEvent');
  }
  const field = urlOf(body);
  const problems: InvalidParam[] = [];
  let parsed: WebhookUrl | undefined;
  try {
    parsed = webhookUrlParse(field.value);
  } catch (e) {
    if (!(e instanceof WebhookUrlError)) throw e;
    problems.push({ name: field.name, reason: e.message });
  }
  if (!(await lockIsActive(ctx.db, projectId, body.lockId))) {
    problems.push({ name: 'lockId', reason: 'is not a lock of this project' });
  }
  if (parsed && problems.length === 0) {
    try {
      await webhookHostCheck(parsed.host, ctx.config.webhookAllowedCidrs, lookup);
    } catch (e) {
      if (!(e instanceof WebhookUrlError)) throw e;
      problems.push({ name: field.name, reason: e.message });
    }
  }
  if (problems.length > 0 || !parsed) {
    throw badRequest(problems.map((p) => `${p.name}: ${p.reason}`).join('; '), problems);
  }
  const url = parsed;
  const secret = webhookSecretGenerate();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      if (!(await lockHoldForWebhooks(tx, projectId, body.lockId))) {
        throw invalidParam('lockId', 'is not a lock of this project');
      }
      if ((await webhookCountByLock(tx, projectId, body.lockId)) >= MAX_WEBHOOKS_PER_LOCK) {
        throw badRequest(`A lock can have at most ${MAX_WEBHOOKS_PER_LOCK} webhooks`, [
          { name: 'lockId', reason: `already has ${MAX_WEBHOOKS_PER_LOCK} webhooks` },
        ]);
      }
      return webhookInsert(tx, {
        projectId,
        lockId: body.lockId,
        trigger: 'accessEvent',
        url: url.url,
        urlDisplay: url.display,
        credentialsEnc: url.credentials ? ctx.keyring.encrypt(url.credentials) : null,
        secretEnc: ctx.keyring.encrypt(secret),
      });
    });
    return { row, secret };
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('This URL is already registered for this lock');
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
