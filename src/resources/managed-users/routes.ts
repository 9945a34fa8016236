// Managed users, addressed by appUserId (E.164, URL-encoded in the path).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireToken } from '../../http/authenticate.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { assertMetadataKeys, metadataMerge } from '../../http/metadata.ts';
import { page, pageLimit } from '../../http/paging.ts';
import { bearerSecurity, list, problemResponses, wrap } from '../../http/schemas.ts';
import { ProjectParams } from '../locks/schema.ts';
import { presentManagedUser } from './present.ts';
import {
  managedUserDelete,
  managedUserFind,
  managedUserFindForUpdate,
  managedUserInsert,
  managedUserList,
  managedUserUpdate,
} from './queries.ts';
import {
  ManagedUserCreateBody,
  ManagedUserListQuery,
  ManagedUserParams,
  ManagedUserPatchBody,
  ManagedUserSchema,
} from './schema.ts';

const tags = ['managed users'];

export async function managedUserRoutes(root: FastifyInstance, ctx: AppContext, requireToken: RequireToken) {
  root.addSchema(ManagedUserSchema);
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const admin = requireToken({ scopes: ['project.admin'], resource: 'project' });
  const One = wrap('managedUser', ManagedUserSchema);
  const base = '/v2/projects/:projectId/managed-users';

  app.post(
    base,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Create a managed user (409 if the phone number already has one in the project)',
        params: ProjectParams,
        body: ManagedUserCreateBody,
        response: { 201: One, ...problemResponses },
      },
    },
    async (request, reply) => {
      assertMetadataKeys(request.body.metadata);
      const row = await managedUserInsert(ctx.db, request.params.projectId, request.body);
      if (!row) throw conflict(`A managed user with appUserId ${request.body.appUserId} already exists`);
      return reply.code(201).send({ managedUser: presentManagedUser(row) });
    },
  );

  app.get(
    base,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "List the project's managed users (ordered by id)",
        params: ProjectParams,
        querystring: ManagedUserListQuery,
        response: { 200: list('managedUsers', ManagedUserSchema), ...problemResponses },
      },
    },
    async (request) => {
      const limit = pageLimit(request.query);
      const rows = await managedUserList(ctx.db, request.params.projectId, limit, request.query.startAfterId);
      const p = page(rows, limit);
      return { managedUsers: p.items.map(presentManagedUser), startAfterId: p.startAfterId };
    },
  );

  app.get(
    `${base}/:appUserId`,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Get a managed user by phone number',
        params: ManagedUserParams,
        response: { 200: One, ...problemResponses },
      },
    },
    async (request) => {
      const row = await managedUserFind(ctx.db, request.params.projectId, request.params.appUserId);
      if (!row) throw notFound('managed user');
      return { managedUser: presentManagedUser(row) };
    },
  );

  app.patch(
    `${base}/:appUserId`,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Update a managed user; null clears a name, metadata merges (null deletes a pair)',
        params: ManagedUserParams,
        body: ManagedUserPatchBody,
        response: { 200: One, ...problemResponses },
      },
    },
    async (request) => {
      const { projectId, appUserId } = request.params;
      const body = request.body;
      assertMetadataKeys(body.metadata);
      const row = await ctx.db.transaction(async (tx) => {
        const cur = await managedUserFindForUpdate(tx, projectId, appUserId);
        if (!cur) throw notFound('managed user');
        return managedUserUpdate(tx, projectId, appUserId, {
          firstName: body.firstName === undefined ? cur.first_name : body.firstName,
          lastName: body.lastName === undefined ? cur.last_name : body.lastName,
          metadata: metadataMerge(cur.metadata, body.metadata),
        });
      });
      if (!row) throw notFound('managed user');
      return { managedUser: presentManagedUser(row) };
    },
  );

  app.delete(
    `${base}/:appUserId`,
    {
      onRequest: admin,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Delete a managed user; revokes the person's keys and sharing rights in the project",
        params: ManagedUserParams,
        response: { 204: { type: 'null', description: 'Deleted' }, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { projectId, appUserId } = request.params;
      const done = await ctx.db.transaction((tx) => managedUserDelete(tx, projectId, appUserId));
      if (!done) throw notFound('managed user');
      return reply.code(204).send();
    },
  );
}
