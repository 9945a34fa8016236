// Managed users, addressed by appUserId (E.164, URL-encoded in the path).

import { auditNote, revokedNotes } from '../../audit/run.ts';
import { conflict, found } from '../../http/errors.ts';
import { assertMetadataKeys, metadataMerge } from '../../http/metadata.ts';
import { defineOperation, pathParam } from '../../http/operations.ts';
import { listPage } from '../../http/paging.ts';
import { patchRow } from '../../http/patch.ts';
import { list, wrap } from '../../http/schemas.ts';
import { ProjectParams } from '../locks/schema.ts';
import { projectAdmin as auth } from '../projects/auth.ts';
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

const components = [ManagedUserSchema];
const One = wrap('managedUser', ManagedUserSchema);
const base = '/v2/projects/:projectId/managed-users';

export const managedUserOperations = [
  defineOperation({
    operationId: 'managedUsersCreate',
    audit: 'managedUser.created',
    method: 'POST',
    path: base,
    tags,
    summary: 'Create a managed user (409 if the phone number already has one in the project)',
    auth,
    components,
    params: ProjectParams,
    body: ManagedUserCreateBody,
    success: { status: 201, schema: One },
    errors: ['conflict'],
    location: (body: { managedUser: { appUserId: string } }, request) =>
      `/v2/projects/${pathParam(request, 'projectId')}/managed-users/${encodeURIComponent(body.managedUser.appUserId)}`,
    handler: async (request, _reply, ctx) => {
      assertMetadataKeys(request.body.metadata);
      const row = await managedUserInsert(ctx.db, request.params.projectId, request.body);
      if (!row) throw conflict(`A managed user with appUserId ${request.body.appUserId} already exists`);
      return { managedUser: presentManagedUser(row) };
    },
  }),

  defineOperation({
    operationId: 'managedUsersList',
    method: 'GET',
    path: base,
    tags,
    summary: "List the project's managed users (ordered by id)",
    auth,
    components,
    params: ProjectParams,
    query: ManagedUserListQuery,
    success: { status: 200, schema: list('managedUsers', ManagedUserSchema) },
    handler: (request, _reply, ctx) =>
      listPage(
        request.query,
        'managedUsers',
        (limit, after) => managedUserList(ctx.db, request.params.projectId, limit, after),
        presentManagedUser,
      ),
  }),

  defineOperation({
    operationId: 'managedUsersGet',
    method: 'GET',
    path: `${base}/:appUserId`,
    tags,
    summary: 'Get a managed user by phone number',
    auth,
    components,
    params: ManagedUserParams,
    success: { status: 200, schema: One },
    handler: async (request, _reply, ctx) => ({
      managedUser: presentManagedUser(
        await found(
          'managed user',
          managedUserFind(ctx.db, request.params.projectId, request.params.appUserId),
        ),
      ),
    }),
  }),

  defineOperation({
    operationId: 'managedUsersUpdate',
    audit: 'managedUser.updated',
    method: 'PATCH',
    path: `${base}/:appUserId`,
    tags,
    summary: 'Update a managed user; null clears a name, metadata merges (null deletes a pair)',
    auth,
    components,
    params: ManagedUserParams,
    body: ManagedUserPatchBody,
    success: { status: 200, schema: One },
    handler: async (request, _reply, ctx) => {
      const { projectId, appUserId } = request.params;
      const body = request.body;
      assertMetadataKeys(body.metadata);
      const row = await patchRow(
        ctx.db,
        'managed user',
        (tx) => managedUserFindForUpdate(tx, projectId, appUserId),
        (tx, cur) =>
          managedUserUpdate(tx, projectId, appUserId, {
            firstName: body.firstName === undefined ? cur.first_name : body.firstName,
            lastName: body.lastName === undefined ? cur.last_name : body.lastName,
            metadata: metadataMerge(cur.metadata, body.metadata),
          }),
      );
      return { managedUser: presentManagedUser(row) };
    },
  }),

  defineOperation({
    operationId: 'managedUsersDelete',
    audit: 'managedUser.deleted',
    method: 'DELETE',
    path: `${base}/:appUserId`,
    tags,
    summary: "Delete a managed user; revokes the person's keys and sharing rights in the project",
    auth,
    params: ManagedUserParams,
    success: { status: 204, description: 'Deleted' },
    handler: async (request, _reply, ctx) => {
      const { projectId, appUserId } = request.params;
      const gone = await found(
        'managed user',
        ctx.db.transaction((tx) => managedUserDelete(tx, projectId, appUserId)),
      );
      auditNote(
        request,
        ...revokedNotes(gone.keys, 'key.revoked'),
        ...revokedNotes(gone.sharingRights, 'sharingRight.revoked'),
      );
    },
  }),
];
