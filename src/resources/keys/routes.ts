// Keys, project.admin only.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireToken } from '../../http/authenticate.ts';
import { batchItemProblems } from '../../http/batch-validation.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { page, pageLimit } from '../../http/paging.ts';
import { bearerSecurity, list, problemResponses, Timestamp, wrap } from '../../http/schemas.ts';
import { EventsResponse } from '../app/schema.ts';
import { ProjectParams } from '../locks/schema.ts';
import { type KeyState, presentKey } from './present.ts';
import { keyFindById, keyList, keyRevoke, keyRevokeWhere } from './queries.ts';
import { KeyCreateBody, KeyListQuery, KeyParams, KeyRevokeQuery, KeySchema, RevokedCount } from './schema.ts';
import { keysCreate } from './service.ts';
import { keySimulate } from './simulate.ts';

const tags = ['keys'];

/** Bulk revocation needs a filter: revoking every key of a project by accident is too easy otherwise. */
function requireFilter(q: { appUserId?: string; lockId?: string }) {
  if (q.appUserId === undefined && q.lockId === undefined)
    throw badRequest('Give appUserId, lockId or both', [
      { name: 'appUserId', reason: 'appUserId or lockId is required' },
    ]);
}

export async function keyRoutes(root: FastifyInstance, ctx: AppContext, requireToken: RequireToken) {
  root.addSchema(KeySchema);
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const admin = requireToken({ scopes: ['project.admin'], resource: 'project' });
  const base = '/v2/projects/:projectId';

  app.post(
    `${base}/keys`,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Create up to 10,000 keys, all or nothing',
        description:
          'One invalid item fails the call with 400 and `invalidParams` naming each bad item (`keys.17.lockId`); nothing is created. Managed users are created for new phone numbers.',
        params: ProjectParams,
        body: KeyCreateBody,
        response: { 201: list('keys', KeySchema), ...problemResponses },
      },
      // Schema errors are collected rather than thrown, so one 400 names every bad item: those
      // the schema catches (`keys.17.appUserId`) and those only the store can (`keys.3.lockId`).
      attachValidation: true,
    },
    async (request, reply) => {
      const schemaProblems = batchItemProblems(request, 'keys');
      const rows = await keysCreate(ctx.db, request.params.projectId, request.body.keys, schemaProblems);
      const now = new Date();
      return reply.code(201).send({ keys: rows.map((k) => presentKey(k, now)) });
    },
  );

  app.get(
    `${base}/keys`,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "List the project's keys (ordered by id), optionally filtered",
        params: ProjectParams,
        querystring: KeyListQuery,
        response: { 200: list('keys', KeySchema), ...problemResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const limit = pageLimit(q);
      const now = new Date();
      const excludeStates = q.excludeStates?.split(',') as KeyState[] | undefined;
      const rows = await keyList(
        ctx.db,
        request.params.projectId,
        { appUserId: q.appUserId, lockId: q.lockId, origin: q.origin, excludeStates },
        limit,
        q.startAfterId,
        now,
      );
      const p = page(rows, limit);
      return { keys: p.items.map((k) => presentKey(k, now)), startAfterId: p.startAfterId };
    },
  );

  app.get(
    `${base}/keys/:keyId`,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Get a key',
        params: KeyParams,
        response: { 200: wrap('key', KeySchema), ...problemResponses },
      },
    },
    async (request) => {
      const row = await keyFindById(ctx.db, request.params.projectId, request.params.keyId);
      if (!row) throw notFound('key');
      return { key: presentKey(row) };
    },
  );

  app.delete(
    `${base}/keys/:keyId`,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Revoke a key (idempotent)',
        description:
          "Keys shared from the app are tied to sharing rights, not to the sharer's key: revoke the sharing right (or DELETE shared-keys) to end them.",
        params: KeyParams,
        response: { 200: wrap('key', KeySchema), ...problemResponses },
      },
    },
    async (request) => {
      const row = await keyRevoke(ctx.db, request.params.projectId, request.params.keyId);
      if (!row) throw notFound('key');
      return { key: presentKey(row) };
    },
  );

  app.delete(
    `${base}/keys`,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Revoke the integrator keys matching appUserId and/or lockId',
        params: ProjectParams,
        querystring: KeyRevokeQuery,
        response: { 200: RevokedCount, ...problemResponses },
      },
    },
    async (request) => {
      requireFilter(request.query);
      const revoked = await keyRevokeWhere(ctx.db, request.params.projectId, {
        ...request.query,
        origin: 'integrator',
      });
      return { revoked };
    },
  );

  app.delete(
    `${base}/shared-keys`,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Revoke the keys shared from the app matching appUserId (the holder) and/or lockId',
        params: ProjectParams,
        querystring: KeyRevokeQuery,
        response: { 200: RevokedCount, ...problemResponses },
      },
    },
    async (request) => {
      requireFilter(request.query);
      const revoked = await keyRevokeWhere(ctx.db, request.params.projectId, {
        ...request.query,
        origin: 'shared',
      });
      return { revoked };
    },
  );

  app.post(
    `${base}/keys/:keyId/simulate`,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Simulate an access event by the key's app user (sandbox projects only)",
        description:
          "Exactly what the key's app user uploading this event through POST /v2/app/events would cause: the same checks at `created` (default now), an accepted event in the access log and its webhook deliveries. The result is that upload's: `accepted`, or `rejected` with a reason. In a project that is not a sandbox: 403 with type urn:latchkey:problem:sandbox-only.",
        params: KeyParams,
        body: Type.Object(
          {
            action: Type.Union([Type.Literal('locked'), Type.Literal('unlocked')]),
            created: Type.Optional(Timestamp),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ result: EventsResponse.properties.results.items }),
          ...problemResponses,
        },
      },
    },
    async (request) => {
      const { projectId, keyId } = request.params;
      return { result: await keySimulate(ctx, projectId, keyId, request.body) };
    },
  );
}
