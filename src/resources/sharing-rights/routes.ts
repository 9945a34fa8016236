// Sharing rights, project.admin only.

import { auditNote, revokedNotes } from '../../audit/run.ts';
import { batchItemProblems } from '../../http/batch-validation.ts';
import { defineOperation } from '../../http/operations.ts';
import { listPage } from '../../http/paging.ts';
import { list } from '../../http/schemas.ts';
import { requireFilter } from '../keys/routes.ts';
import { RevokedCount } from '../keys/schema.ts';
import { ProjectParams } from '../locks/schema.ts';
import { projectAdmin as auth } from '../projects/auth.ts';
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

const components = [SharingRightSchema];
const path = '/v2/projects/:projectId/sharing-rights';

export const sharingRightOperations = [
  defineOperation({
    operationId: 'sharingRightsCreate',
    audit: 'sharingRight.created',
    method: 'POST',
    path,
    tags,
    summary: 'Create up to 1,000 sharing rights, all or nothing (409 if one already exists)',
    auth,
    components,
    params: ProjectParams,
    body: SharingRightCreateBody,
    success: { status: 201, schema: list('sharingRights', SharingRightSchema) },
    errors: ['conflict'],
    // Schema errors are collected, not thrown, so one answer names every bad item.
    attachValidation: true,
    handler: async (request, _reply, ctx) => {
      const schemaProblems = batchItemProblems(request, 'sharingRights');
      const rows = await sharingRightsCreate(
        ctx.db,
        request.params.projectId,
        request.body.sharingRights,
        schemaProblems,
      );
      return { sharingRights: rows.map(presentSharingRight) };
    },
  }),

  defineOperation({
    operationId: 'sharingRightsList',
    method: 'GET',
    path,
    tags,
    summary: 'List sharing rights (active ones unless includeRevoked=true), ordered by id',
    auth,
    components,
    params: ProjectParams,
    query: SharingRightListQuery,
    success: { status: 200, schema: list('sharingRights', SharingRightSchema) },
    handler: (request, _reply, ctx) =>
      listPage(
        request.query,
        'sharingRights',
        (limit, after) => sharingRightList(ctx.db, request.params.projectId, request.query, limit, after),
        presentSharingRight,
      ),
  }),

  defineOperation({
    operationId: 'sharingRightsRevokeMatching',
    audit: 'sharingRight.revoked',
    method: 'DELETE',
    path,
    tags,
    summary: 'Revoke the sharing rights matching appUserId and/or lockId, and the keys shared under them',
    auth,
    params: ProjectParams,
    query: SharingRightRevokeQuery,
    success: { status: 200, schema: RevokedCount },
    handler: async (request, _reply, ctx) => {
      const q = request.query;
      requireFilter(q);
      const revoked = await ctx.db.transaction((tx) =>
        sharingRightRevokeWhere(tx, request.params.projectId, q),
      );
      auditNote(request, ...revokedNotes(revoked.rights), ...revokedNotes(revoked.keys, 'key.revoked'));
      return { revoked: revoked.rights.length };
    },
  }),
];
