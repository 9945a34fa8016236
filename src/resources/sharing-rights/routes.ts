// Sharing rights, project.admin only.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireToken } from '../../http/authenticate.ts';
import { batchItemProblems } from '../../http/batch-validation.ts';
import { badRequest } from '../../http/errors.ts';
import { page, pageLimit } from '../../http/paging.ts';
import { bearerSecurity, list, problemResponses } from '../../http/schemas.ts';
import { RevokedCount } from '../keys/schema.ts';
import { ProjectParams } from '../locks/schema.ts';
import { presentSharingRight } from './present.ts';
import { sharingRightList, sharingRightRevokeWhere } from './queries.ts';
import {
  SharingRightCreateBody,
  SharingRightListQuery,
  SharingRightRevokeQuery,
  SharingRightSchema,
} from './schema.ts';
import { sharingRightsCreate } from './service.ts';

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
      // Schema errors are collected, not thrown, so one answer names every bad item.
      attachValidation: true,
    },
    async (request, reply) => {
      const schemaProblems = batchItemProblems(request, 'sharingRights');
      const rows = await sharingRightsCreate(
        ctx.db,
        request.params.projectId,
        request.body.sharingRights,
        schemaProblems,
      );
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
