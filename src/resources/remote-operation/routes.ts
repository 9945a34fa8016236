// Remote lock and unlock: by an app user with a key (an access event), or by an integrator (lock
// activity, no key used).
import { Type } from '@sinclair/typebox';
import { principalOf } from '../../auth/bearer.ts';
import { defineOperation } from '../../http/operations.ts';
import { Uuid, wrap } from '../../http/schemas.ts';
import { AccessEventSchema } from '../access-log/schema.ts';
import { APP_SCOPE } from '../app/app-token.ts';
import { LockParams } from '../locks/schema.ts';
import { projectAdmin } from '../projects/auth.ts';
import { appOperate, integratorOperate } from './service.ts';

const OperateBody = Type.Object(
  { action: Type.Union([Type.Literal('unlocked'), Type.Literal('locked')]) },
  { additionalProperties: false, examples: [{ action: 'unlocked' }] },
);
const LockState = Type.Union(['locked', 'unlocked', 'jammed', 'unknown'].map((s) => Type.Literal(s)));

export const remoteOperationOperations = [
  defineOperation({
    operationId: 'appKeysOperate',
    method: 'POST',
    audit: { none: 'an access event, recorded in the access log' },
    path: '/v2/app/keys/:keyId/operate',
    tags: ['app'],
    summary: "Unlock or lock the key's lock now, through its bridge (waits up to 10 s for the lock)",
    description:
      "The key is checked now (state, start and end, recurrence in the lock's time zone): 403 with the reason when it may not be used. 409: the lock has no connection. 503 with Retry-After: the lock or its bridge cannot be reached. The answer is the access event, recorded as an uploaded one is (access log, stream, webhooks for integrator keys).",
    auth: { kind: 'bearer', scopes: [APP_SCOPE] },
    components: [AccessEventSchema],
    params: Type.Object({ keyId: Uuid }),
    body: OperateBody,
    errors: ['conflict'],
    success: { status: 200, schema: wrap('event', Type.Ref('AccessEvent')) },
    handler: async (request, _reply, ctx) => ({
      event: await appOperate(
        ctx,
        principalOf(request).claims.sub as string,
        request.params.keyId,
        request.body.action,
      ),
    }),
  }),

  defineOperation({
    operationId: 'locksOperate',
    method: 'POST',
    audit: { recordAfter: 'lock.operated' },
    path: '/v2/projects/:projectId/locks/:lockId/operate',
    tags: ['locks'],
    summary: 'Unlock or lock a connected lock now (no key is used: lock activity, not an access event)',
    description:
      '409: the lock has no connection. 503 with Retry-After: the lock or its bridge cannot be reached. Waits up to 10 s for the lock.',
    auth: projectAdmin,
    params: LockParams,
    body: OperateBody,
    errors: ['conflict'],
    success: { status: 200, schema: Type.Object({ lockState: LockState }) },
    handler: (request, _reply, ctx) =>
      integratorOperate(ctx, request.params.projectId, request.params.lockId, request.body.action),
  }),
];
