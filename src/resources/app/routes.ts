// The app API: what the mobile app calls. Login needs no token; everything else needs
// an app token (scope app.user) whose `sub` is the caller's phone, which scopes every query.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { principalOf, type RequireToken } from '../../http/authenticate.ts';
import { page, pageLimit } from '../../http/paging.ts';
import { bearerSecurity, list, PagingQuery, problemResponses, Uuid, wrap } from '../../http/schemas.ts';
import { APP_SCOPE } from './app-token.ts';
import { appAuthRoutes } from './auth-routes.ts';
import { eventsIngest } from './events.ts';
import { appKeysList } from './key-queries.ts';
import { presentAppKey, presentKey } from './present.ts';
import {
  AppKeySchema,
  EventsBody,
  EventsResponse,
  KeySchema,
  MeBody,
  MeResponse,
  ShareBody,
} from './schema.ts';
import { keyShare } from './share.ts';

export async function appRoutes(root: FastifyInstance, ctx: AppContext, requireToken: RequireToken) {
  await appAuthRoutes(root, ctx);
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const appUser = requireToken({ scopes: [APP_SCOPE] });
  const tags = ['app'];
  const caller = (request: Parameters<typeof principalOf>[0]) => principalOf(request).claims.sub as string;

  app.get(
    '/v2/app/keys',
    {
      onRequest: appUser,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "The caller's keys that are not revoked or expired, across projects, with lock names",
        querystring: Type.Object(PagingQuery, { additionalProperties: false }),
        response: { 200: list('keys', AppKeySchema), ...problemResponses },
      },
    },
    async (request) => {
      const limit = pageLimit(request.query);
      const rows = await appKeysList(ctx.db, caller(request), limit, request.query.startAfterId);
      const p = page(rows, limit);
      const now = new Date();
      return { keys: p.items.map((k) => presentAppKey(k, now)), startAfterId: p.startAfterId };
    },
  );

  app.patch(
    '/v2/app/me',
    {
      onRequest: appUser,
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Set the caller's display name (used in access events when the project gives none)",
        body: MeBody,
        response: { 200: MeResponse, ...problemResponses },
      },
    },
    async (request) => {
      const name = request.body.name === null ? null : request.body.name.trim() || null;
      const { rows } = await ctx.db.query<{ app_user_id: string; name: string | null }>(
        `INSERT INTO app_users (app_user_id, name) VALUES ($1, $2)
         ON CONFLICT (app_user_id) DO UPDATE SET name = EXCLUDED.name RETURNING app_user_id, name`,
        [caller(request), name],
      );
      return { appUser: { appUserId: rows[0]!.app_user_id, name: rows[0]!.name } };
    },
  );

  app.post(
    '/v2/app/keys/:keyId/share',
    {
      onRequest: appUser,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Share one of your keys with another app user (needs a sharing right on the lock)',
        params: Type.Object({ keyId: Uuid }),
        body: ShareBody,
        response: { 201: wrap('key', KeySchema), ...problemResponses },
      },
    },
    async (request, reply) => {
      const key = await keyShare(ctx, caller(request), request.params.keyId, request.body);
      return reply.code(201).send({ key: presentKey(key) });
    },
  );

  app.post(
    '/v2/app/events',
    {
      onRequest: appUser,
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Report access events (1..1000); idempotent by event id',
        description:
          'One result per event, in order: `accepted`, `duplicate` (id seen before; no second event or webhook) or `rejected` with a reason: key_not_found, key_revoked, before_start, after_end, outside_recurrence, created_in_future, created_too_old. A malformed item fails the whole call with 400 and nothing is written.',
        body: EventsBody,
        response: { 200: EventsResponse, ...problemResponses },
      },
    },
    async (request) => ({ results: await eventsIngest(ctx, caller(request), request.body.events) }),
  );
}
