// Lock holders (docs/compatibility.md) under /integrators/v1, for auth API v1 tokens only. Paths are written
// with the trailing slash of the Unloc API; the app ignores trailing slashes, so both match.
// Errors are problem+json. Order of checks on one lock holder: token (401) → the client reaches it
// (else 404, also for other tenants) → the token holds a claim for it (else 403).
import { Type } from '@sinclair/typebox';
import { grantsChange } from '../../auth/grants.ts';
import {
  authorizeIntegratorAdmin,
  authorizeLockHolder,
  type V1Principal,
  v1PrincipalOf,
} from '../../auth/v1-authenticate.ts';
import type { Queryable } from '../../db/db.ts';
import { conflict, found, unauthorized } from '../../http/errors.ts';
import { type Auth, defineOperation } from '../../http/operations.ts';
import { listPage } from '../../http/paging.ts';
import { list, PagingQuery, wrap } from '../../http/schemas.ts';
import { presentLock } from '../locks/present.ts';
import { lockList } from '../locks/queries.ts';
import { projectInsert } from '../projects/queries.ts';
import { identifierOf, presentLockHolder } from './present.ts';
import {
  lockHolderFindReachable,
  lockHolderIdentifierTaken,
  lockHolderListReachable,
  lockHolderLockClient,
  lockHolderUpdate,
} from './queries.ts';
import {
  LockHolderCreateBody,
  LockHolderLockSchema,
  LockHolderParams,
  LockHolderPatchBody,
  LockHolderSchema,
} from './schema.ts';

const tags = ['lock holders (auth v1)'];
const BASE = '/integrators/v1/lock-holders';
const Paging = Type.Object(PagingQuery, { additionalProperties: false });
const identifierConflict = () =>
  conflict('A lock holder with this countryIso, organizationId and organizationIdSuffix already exists');

/** The lock holder, if the client reaches it and the token holds a claim for it. */
async function authorizedLockHolder(db: Queryable, p: V1Principal, lockHolderId: string) {
  const row = await found('lock holder', lockHolderFindReachable(db, p.clientId, lockHolderId.toLowerCase()));
  authorizeLockHolder(p, { id: row.id, identifier: identifierOf(row) });
  return row;
}

const auth: Auth = { kind: 'v1' };
const components = [LockHolderSchema, LockHolderLockSchema];
const LockHolderRef = Type.Ref('LockHolder');

export const lockHolderOperations = [
  defineOperation({
    operationId: 'lockHoldersList',
    method: 'GET',
    path: `${BASE}/`,
    tags,
    summary: 'List lock holders',
    description:
      'With integrator.admin: every lock holder the client holds project.admin on. With only a ' +
      'lock-holder claim: that lock holder.',
    auth,
    components,
    query: Paging,
    success: { status: 200, schema: list('lockHolders', LockHolderRef) },
    handler: async (request, _reply, ctx) => {
      const p = v1PrincipalOf(request);
      // Without integrator.admin the token holds a lock-holder claim (every v1 token has one or the other).
      const only = p.integratorAdmin ? undefined : p.lockHolderId;
      if (!p.integratorAdmin && !only) authorizeIntegratorAdmin(p);
      return listPage(
        request.query,
        'lockHolders',
        (limit, after) => lockHolderListReachable(ctx.db, p.clientId, limit, after, only),
        presentLockHolder,
      );
    },
  }),

  defineOperation({
    operationId: 'lockHoldersCreate',
    audit: 'lockHolder.created',
    method: 'POST',
    path: `${BASE}/`,
    tags,
    summary: 'Create a lock holder',
    description:
      "Needs integrator.admin. Creates a project in the client's organization and gives the client " +
      'project.admin on it. An identifier already used by a lock holder the client reaches: 409.',
    auth,
    components,
    body: LockHolderCreateBody,
    success: { status: 201, schema: wrap('lockHolder', LockHolderRef) },
    errors: ['conflict'],
    location: (body: { lockHolder: { id: string } }) => `${BASE}/${body.lockHolder.id}/`,
    handler: async (request, _reply, ctx) => {
      const p = v1PrincipalOf(request);
      authorizeIntegratorAdmin(p);
      const b = request.body;
      const suffix = b.organizationIdSuffix ?? '';
      const row = await grantsChange(ctx, async (tx) => {
        if (!(await lockHolderLockClient(tx, p.clientId)))
          throw unauthorized('invalid_token', 'The access token has been revoked');
        const identifier = { countryIso: b.countryIso, orgNumber: b.organizationId, orgNumberSuffix: suffix };
        if (await lockHolderIdentifierTaken(tx, p.clientId, identifier)) throw identifierConflict();
        return projectInsert(
          tx,
          p.organizationId,
          { name: b.name, countryIso: b.countryIso, orgNumber: b.organizationId, orgNumberSuffix: suffix },
          p.clientId,
        );
      });
      return { lockHolder: presentLockHolder(row) };
    },
  }),

  defineOperation({
    operationId: 'lockHoldersGet',
    method: 'GET',
    path: `${BASE}/:lockHolderId/`,
    tags,
    summary: 'Get a lock holder',
    description: 'Needs lockHolder.admin:<lockHolderId> or the matching lockHolder.identifier claim.',
    auth,
    components,
    params: LockHolderParams,
    success: { status: 200, schema: wrap('lockHolder', LockHolderRef) },
    handler: async (request, _reply, ctx) => {
      const row = await authorizedLockHolder(ctx.db, v1PrincipalOf(request), request.params.lockHolderId);
      return { lockHolder: presentLockHolder(row) };
    },
  }),

  defineOperation({
    operationId: 'lockHoldersUpdate',
    audit: 'lockHolder.updated',
    method: 'PATCH',
    path: `${BASE}/:lockHolderId/`,
    tags,
    summary: 'Update a lock holder',
    description:
      'Needs lockHolder.admin:<lockHolderId> or the matching lockHolder.identifier claim. Changing ' +
      'the identifier to one used by another lock holder the client reaches: 409. Tokens holding the ' +
      'old lockHolder.identifier claim stop matching it; lockHolder.admin tokens keep working.',
    auth,
    components,
    params: LockHolderParams,
    body: LockHolderPatchBody,
    success: { status: 200, schema: wrap('lockHolder', LockHolderRef) },
    errors: ['conflict'],
    handler: async (request, _reply, ctx) => {
      const p = v1PrincipalOf(request);
      const b = request.body;
      const row = await ctx.db.transaction(async (tx) => {
        if (!(await lockHolderLockClient(tx, p.clientId)))
          throw unauthorized('invalid_token', 'The access token has been revoked');
        const current = await authorizedLockHolder(tx, p, request.params.lockHolderId);
        const next = identifierOf({
          ...current,
          country_iso: b.countryIso ?? current.country_iso,
          org_number: b.organizationId ?? current.org_number,
          org_number_suffix: b.organizationIdSuffix ?? current.org_number_suffix,
        });
        if (next && (await lockHolderIdentifierTaken(tx, p.clientId, next, current.id)))
          throw identifierConflict();
        return lockHolderUpdate(tx, current.id, b);
      });
      return { lockHolder: presentLockHolder(row) };
    },
  }),

  defineOperation({
    operationId: 'lockHolderLocksList',
    method: 'GET',
    path: `${BASE}/:lockHolderId/locks/`,
    tags,
    summary: "List a lock holder's locks",
    description:
      'Locks that are not offboarded. Needs lockHolder.admin:<lockHolderId> or the matching ' +
      'lockHolder.identifier claim.',
    auth,
    components,
    params: LockHolderParams,
    query: Paging,
    success: { status: 200, schema: list('locks', Type.Ref('LockHolderLock')) },
    handler: async (request, _reply, ctx) => {
      const row = await authorizedLockHolder(ctx.db, v1PrincipalOf(request), request.params.lockHolderId);
      return listPage(
        request.query,
        'locks',
        // The lock holder is a project: its locks are the project's, as the v2 API lists and shows them.
        (limit, after) => lockList(ctx.db, row.id, limit, after),
        presentLock,
      );
    },
  }),
];
