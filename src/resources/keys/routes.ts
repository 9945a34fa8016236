// Keys, project.admin only.

import { Type } from '@sinclair/typebox';
import { auditNote, revokedNotes } from '../../audit/run.ts';
import { batchItemProblems } from '../../http/batch-validation.ts';
import { badRequest, found } from '../../http/errors.ts';
import { defineOperation } from '../../http/operations.ts';
import { listPage } from '../../http/paging.ts';
import { list, Timestamp, wrap } from '../../http/schemas.ts';
import { BATCH_BODY_LIMIT } from '../../server-options.ts';
import { EventsResponse } from '../app/schema.ts';
import { ProjectParams } from '../locks/schema.ts';
import { projectAdmin as auth } from '../projects/auth.ts';
import { withPins } from './pin-queries.ts';
import { type KeyState, presentKey } from './present.ts';
import { keyFindById, keyList, keyRevoke, keyRevokeWhere } from './queries.ts';
import { KeyCreateBody, KeyListQuery, KeyParams, KeyRevokeQuery, KeySchema, RevokedCount } from './schema.ts';
import { keysCreate } from './service.ts';
import { keySimulate } from './simulate.ts';

const tags = ['keys'];

/** Bulk revocation needs a filter: revoking every key of a project by accident is too easy otherwise. */
export function requireFilter(q: { appUserId?: string; lockId?: string }) {
  if (q.appUserId === undefined && q.lockId === undefined)
    throw badRequest('Give appUserId, lockId or both', [
      { name: 'appUserId', reason: 'appUserId or lockId is required' },
    ]);
}

const components = [KeySchema];
const base = '/v2/projects/:projectId';

export const keyOperations = [
  defineOperation({
    operationId: 'keysCreate',
    audit: 'key.created',
    method: 'POST',
    path: `${base}/keys`,
    tags,
    summary: 'Create up to 10,000 keys, all or nothing',
    description:
      'One invalid item fails the call with 400 and `invalidParams` naming each bad item (`keys.17.lockId`); nothing is created. Managed users are created for new phone numbers. The body may be up to 4 MiB (other operations: 1 MiB).',
    bodyLimit: BATCH_BODY_LIMIT,
    auth,
    components,
    params: ProjectParams,
    body: KeyCreateBody,
    success: { status: 201, schema: list('keys', KeySchema) },
    // Schema errors are collected rather than thrown, so one 400 names every bad item: those
    // the schema catches (`keys.17.appUserId`) and those only the store can (`keys.3.lockId`).
    attachValidation: true,
    handler: async (request, _reply, ctx) => {
      const schemaProblems = batchItemProblems(request, 'keys');
      const { keys, pins } = await keysCreate(
        ctx.db,
        request.params.projectId,
        request.body.keys,
        schemaProblems,
        { keyring: ctx.keyring, length: ctx.config.pinLength },
      );
      const now = new Date();
      return { keys: keys.map((k) => presentKey(k, now, pins.get(k.id), true)) };
    },
  }),

  defineOperation({
    operationId: 'keysList',
    method: 'GET',
    path: `${base}/keys`,
    tags,
    summary: "List the project's keys (ordered by id), optionally filtered",
    auth,
    components,
    params: ProjectParams,
    query: KeyListQuery,
    success: { status: 200, schema: list('keys', KeySchema) },
    handler: (request, _reply, ctx) => {
      const q = request.query;
      const now = new Date();
      const excludeStates = q.excludeStates?.split(',') as KeyState[] | undefined;
      const filter = { appUserId: q.appUserId, lockId: q.lockId, origin: q.origin, excludeStates };
      return listPage(
        q,
        'keys',
        (limit, after) => withPins(ctx, keyList(ctx.db, request.params.projectId, filter, limit, after, now)),
        (k) => presentKey(k, now, k.pin, true),
      );
    },
  }),

  defineOperation({
    operationId: 'keysGet',
    method: 'GET',
    path: `${base}/keys/:keyId`,
    tags,
    summary: 'Get a key',
    auth,
    components,
    params: KeyParams,
    success: { status: 200, schema: wrap('key', KeySchema) },
    handler: async (request, _reply, ctx) => {
      const key = await found('key', keyFindById(ctx.db, request.params.projectId, request.params.keyId));
      const [pinned] = await withPins(ctx, Promise.resolve([key]));
      return { key: presentKey(key, undefined, pinned?.pin, true) };
    },
  }),

  defineOperation({
    operationId: 'keysRevoke',
    audit: 'key.revoked',
    method: 'DELETE',
    path: `${base}/keys/:keyId`,
    tags,
    summary: 'Revoke a key (idempotent)',
    description:
      "Keys shared from the app are tied to sharing rights, not to the sharer's key: revoke the sharing right (or DELETE shared-keys) to end them.",
    auth,
    components,
    params: KeyParams,
    success: { status: 200, schema: wrap('key', KeySchema) },
    handler: async (request, _reply, ctx) => {
      const key = await found(
        'key',
        ctx.db.transaction((tx) => keyRevoke(tx, request.params.projectId, request.params.keyId)),
      );
      const [pinned] = await withPins(ctx, Promise.resolve([key]));
      return { key: presentKey(key, undefined, pinned?.pin, true) };
    },
  }),

  ...(['integrator', 'shared'] as const).map((origin) =>
    defineOperation({
      operationId: origin === 'integrator' ? 'keysRevokeMatching' : 'sharedKeysRevokeMatching',
      method: 'DELETE',
      audit: 'key.revoked',
      path: origin === 'integrator' ? `${base}/keys` : `${base}/shared-keys`,
      tags,
      summary:
        origin === 'integrator'
          ? 'Revoke the integrator keys matching appUserId and/or lockId'
          : 'Revoke the keys shared from the app matching appUserId (the holder) and/or lockId',
      auth,
      params: ProjectParams,
      query: KeyRevokeQuery,
      success: { status: 200, schema: RevokedCount },
      handler: async (request, _reply, ctx) => {
        requireFilter(request.query);
        const ids = await ctx.db.transaction((tx) =>
          keyRevokeWhere(tx, request.params.projectId, { ...request.query, origin }),
        );
        auditNote(request, ...revokedNotes(ids));
        return { revoked: ids.length };
      },
    }),
  ),

  defineOperation({
    operationId: 'keysSimulate',
    audit: { none: 'writes a simulated access event in a sandbox; the access log is its record' },
    method: 'POST',
    path: `${base}/keys/:keyId/simulate`,
    tags,
    summary: "Simulate an access event by the key's app user (sandbox projects only)",
    description:
      "Exactly what the key's app user uploading this event through POST /v2/app/events would cause: the same checks at `created` (default now), an accepted event in the access log and its webhook deliveries. The result is that upload's: `accepted`, or `rejected` with a reason. In a project that is not a sandbox: 403 with type urn:latchkey:problem:sandbox-only. At most LATCHKEY_SIMULATIONS_PER_MINUTE (60) simulations per minute per project in one server process; beyond it 429 with Retry-After.",
    auth,
    params: KeyParams,
    body: Type.Object(
      {
        action: Type.Union([Type.Literal('locked'), Type.Literal('unlocked')]),
        created: Type.Optional(Timestamp),
      },
      { additionalProperties: false, examples: [{ action: 'unlocked' }] },
    ),
    success: { status: 200, schema: Type.Object({ result: EventsResponse.properties.results.items }) },
    errors: ['sandbox-only', 'rate-limited'],
    handler: async (request, _reply, ctx) => {
      const { projectId, keyId } = request.params;
      return { result: await keySimulate(ctx, projectId, keyId, request.body) };
    },
  }),
];
