// Lock holders (docs/compatibility.md) under /integrators/v1, for auth API v1 tokens only. Paths are written
// with the trailing slash of the Unloc API; the app ignores trailing slashes, so both match.
// Errors are problem+json. Order of checks on one lock holder: token (401) → the client reaches it
// (else 404, also for other tenants) → the token holds a claim for it (else 403).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  authorizeIntegratorAdmin,
  authorizeLockHolder,
  type RequireV1Token,
  type V1Principal,
  v1PrincipalOf,
} from '../../auth/v1-authenticate.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { conflict, notFound, unauthorized } from '../../http/errors.ts';
import { page, pageLimit } from '../../http/paging.ts';
import { bearerSecurity, list, PagingQuery, problemResponses, wrap } from '../../http/schemas.ts';
import { projectInsert } from '../projects/queries.ts';
import { identifierOf, presentLock, presentLockHolder } from './present.ts';
import {
  lockHolderFindReachable,
  lockHolderIdentifierTaken,
  lockHolderListReachable,
  lockHolderLockClient,
  lockHolderLocks,
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
  const row = await lockHolderFindReachable(db, p.clientId, lockHolderId.toLowerCase());
  if (!row) throw notFound('lock holder');
  authorizeLockHolder(p, { id: row.id, identifier: identifierOf(row) });
  return row;
}

export async function lockHolderRoutes(
  root: FastifyInstance,
  ctx: AppContext,
  requireV1Token: RequireV1Token,
) {
  root.addSchema(LockHolderSchema);
  root.addSchema(LockHolderLockSchema);
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const common = { onRequest: requireV1Token };
  const LockHolderRef = Type.Ref('LockHolder');

  app.get(
    `${BASE}/`,
    {
      ...common,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'List lock holders',
        description:
          'With integrator.admin: every lock holder the client holds project.admin on. With only a ' +
          'lock-holder claim: that lock holder.',
        querystring: Paging,
        response: { 200: list('lockHolders', LockHolderRef), ...problemResponses },
      },
    },
    async (request) => {
      const p = v1PrincipalOf(request);
      const limit = pageLimit(request.query);
      // Without integrator.admin the token holds a lock-holder claim (every v1 token has one or the other).
      const only = p.integratorAdmin ? undefined : p.lockHolderId;
      if (!p.integratorAdmin && !only) authorizeIntegratorAdmin(p);
      const rows = await lockHolderListReachable(ctx.db, p.clientId, limit, request.query.startAfterId, only);
      const result = page(rows, limit);
      return { lockHolders: result.items.map(presentLockHolder), startAfterId: result.startAfterId };
    },
  );

  app.post(
    `${BASE}/`,
    {
      ...common,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Create a lock holder',
        description:
          "Needs integrator.admin. Creates a project in the client's organization and gives the client " +
          'project.admin on it. An identifier already used by a lock holder the client reaches: 409.',
        body: LockHolderCreateBody,
        response: { 201: wrap('lockHolder', LockHolderRef), ...problemResponses },
      },
    },
    async (request, reply) => {
      const p = v1PrincipalOf(request);
      authorizeIntegratorAdmin(p);
      const b = request.body;
      const suffix = b.organizationIdSuffix ?? '';
      const row = await ctx.db.transaction(async (tx) => {
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
      ctx.clientStatus.clear();
      return reply.code(201).send({ lockHolder: presentLockHolder(row) });
    },
  );

  app.get(
    `${BASE}/:lockHolderId/`,
    {
      ...common,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Get a lock holder',
        description: 'Needs lockHolder.admin:<lockHolderId> or the matching lockHolder.identifier claim.',
        params: LockHolderParams,
        response: { 200: wrap('lockHolder', LockHolderRef), ...problemResponses },
      },
    },
    async (request) => {
      const row = await authorizedLockHolder(ctx.db, v1PrincipalOf(request), request.params.lockHolderId);
      return { lockHolder: presentLockHolder(row) };
    },
  );

  app.patch(
    `${BASE}/:lockHolderId/`,
    {
      ...common,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Update a lock holder',
        description:
          'Needs lockHolder.admin:<lockHolderId> or the matching lockHolder.identifier claim. Changing ' +
          'the identifier to one used by another lock holder the client reaches: 409. Tokens holding the ' +
          'old lockHolder.identifier claim stop matching it; lockHolder.admin tokens keep working.',
        params: LockHolderParams,
        body: LockHolderPatchBody,
        response: { 200: wrap('lockHolder', LockHolderRef), ...problemResponses },
      },
    },
    async (request) => {
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
  );

  app.get(
    `${BASE}/:lockHolderId/locks/`,
    {
      ...common,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "List a lock holder's locks",
        description:
          'Locks that are not offboarded. Needs lockHolder.admin:<lockHolderId> or the matching ' +
          'lockHolder.identifier claim.',
        params: LockHolderParams,
        querystring: Paging,
        response: { 200: list('locks', Type.Ref('LockHolderLock')), ...problemResponses },
      },
    },
    async (request) => {
      const row = await authorizedLockHolder(ctx.db, v1PrincipalOf(request), request.params.lockHolderId);
      const limit = pageLimit(request.query);
      const rows = await lockHolderLocks(ctx.db, row.id, limit, request.query.startAfterId);
      const result = page(rows, limit);
      return { locks: result.items.map(presentLock), startAfterId: result.startAfterId };
    },
  );
}
