// Sharing rights (API.md 3.7), project.admin only.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { RequireToken } from '../../http/authenticate.ts';
import { ApiError, badRequest, conflict, type InvalidParam } from '../../http/errors.ts';
import { page, pageLimit } from '../../http/paging.ts';
import { bearerSecurity, list, problemResponses } from '../../http/schemas.ts';
import { RevokedCount } from '../keys/schema.ts';
import { lockIdsExisting } from '../locks/queries.ts';
import { ProjectParams } from '../locks/schema.ts';
import { managedUsersEnsure } from '../managed-users/queries.ts';
import { presentSharingRight } from './present.ts';
import {
  sharingRightInsertMany,
  sharingRightList,
  sharingRightRevokeWhere,
  sharingRightsActive,
} from './queries.ts';
import {
  SharingRightCreateBody,
  SharingRightListQuery,
  SharingRightRevokeQuery,
  SharingRightSchema,
} from './schema.ts';

const tags = ['sharing rights'];

export async function sharingRightRoutes(root: FastifyInstance, ctx: AppContext, requireToken: RequireToken) {
  root.addSchema(SharingRightSchema);
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const admin = requireToken({ scopes: ['project.admin'], resource: 'project' });
  const path = '/v2/projects/:projectId/sharing-rights';

  app.post(
    path,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Create up to 1,000 sharing rights, all or nothing (409 if one already exists)',
        params: ProjectParams,
        body: SharingRightCreateBody,
        response: { 201: list('sharingRights', SharingRightSchema), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { projectId } = request.params;
      const items = request.body.sharingRights;
      const rows = await ctx.db
        .transaction(async (tx) => {
          const problems: InvalidParam[] = [];
          const seen = new Map<string, number>();
          items.forEach((s, i) => {
            const k = `${s.lockId}|${s.appUserId}`;
            const first = seen.get(k);
            if (first !== undefined)
              problems.push({ name: `sharingRights.${i}`, reason: `repeats sharingRights.${first}` });
            else seen.set(k, i);
          });
          // FOR SHARE: a lock being offboarded meanwhile gets no new rights. Another project's lock
          // is answered like an unknown one.
          const locks = await lockIdsExisting(
            tx,
            projectId,
            items.map((s) => s.lockId),
            true,
          );
          items.forEach((s, i) => {
            if (!locks.has(s.lockId))
              problems.push({ name: `sharingRights.${i}.lockId`, reason: 'is not a lock of this project' });
          });
          if (problems.length) throw badRequest('Invalid sharing rights; nothing was created', problems);
          const active = await sharingRightsActive(tx, projectId, items);
          const existing = items
            .map((s, i) => ({ s, i }))
            .filter(({ s }) => active.has(`${s.lockId}|${s.appUserId}`))
            .map(({ i }) => ({
              name: `sharingRights.${i}`,
              reason: 'an active sharing right already exists',
            }));
          if (existing.length)
            throw new ApiError(409, 'A sharing right already exists; nothing was created', {
              invalidParams: existing,
            });
          await managedUsersEnsure(
            tx,
            projectId,
            items.map((s) => s.appUserId),
          );
          return sharingRightInsertMany(tx, projectId, items);
        })
        .catch((e) => {
          // Two concurrent calls creating the same right: the unique index decides.
          if (isUniqueViolation(e)) throw conflict('A sharing right already exists; nothing was created');
          throw e;
        });
      return reply.code(201).send({ sharingRights: rows.map(presentSharingRight) });
    },
  );

  app.get(
    path,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'List sharing rights (active ones unless includeRevoked=true), ordered by id',
        params: ProjectParams,
        querystring: SharingRightListQuery,
        response: { 200: list('sharingRights', SharingRightSchema), ...problemResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const limit = pageLimit(q);
      const rows = await sharingRightList(ctx.db, request.params.projectId, q, limit, q.startAfterId);
      const p = page(rows, limit);
      return { sharingRights: p.items.map(presentSharingRight), startAfterId: p.startAfterId };
    },
  );

  app.delete(
    path,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Revoke the sharing rights matching appUserId and/or lockId, and the keys shared under them',
        params: ProjectParams,
        querystring: SharingRightRevokeQuery,
        response: { 200: RevokedCount, ...problemResponses },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.appUserId === undefined && q.lockId === undefined)
        throw badRequest('Give appUserId, lockId or both', [
          { name: 'appUserId', reason: 'appUserId or lockId is required' },
        ]);
      const revoked = await ctx.db.transaction((tx) =>
        sharingRightRevokeWhere(tx, request.params.projectId, q),
      );
      return { revoked };
    },
  );
}
