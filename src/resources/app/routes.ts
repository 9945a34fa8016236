// The app API: what the mobile app calls. Login needs no token; everything else needs
// an app token (scope app.user) whose `sub` is the caller's phone, which scopes every query.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../auth/bearer.ts';
import { type Auth, defineOperation } from '../../http/operations.ts';
import { listPage } from '../../http/paging.ts';
import { list, PagingQuery, Uuid, wrap } from '../../http/schemas.ts';
import { withPins } from '../keys/pin-queries.ts';
import { APP_SCOPE } from './app-token.ts';
import { appUserSetName } from './app-user-queries.ts';
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

const auth: Auth = { kind: 'bearer', scopes: [APP_SCOPE] };
const tags = ['app'];
/** The caller's phone number (the app token's subject). */
const caller = (request: FastifyRequest) => principalOf(request).claims.sub as string;

export const appOperations = [
  defineOperation({
    operationId: 'appKeysList',
    method: 'GET',
    path: '/v2/app/keys',
    tags,
    summary: "The caller's keys that are not revoked or expired, across projects, with lock names",
    auth,
    query: Type.Object(PagingQuery, { additionalProperties: false }),
    success: { status: 200, schema: list('keys', AppKeySchema) },
    handler: (request, _reply, ctx) => {
      const now = new Date();
      return listPage(
        request.query,
        'keys',
        (limit, after) => withPins(ctx, appKeysList(ctx.db, caller(request), limit, after)),
        // The caller's own keys: the code is theirs to type.
        (k) => presentAppKey(k, now, k.pin, true),
      );
    },
  }),

  defineOperation({
    operationId: 'appMeUpdate',
    audit: 'appUser.updated',
    method: 'PATCH',
    path: '/v2/app/me',
    tags,
    summary: "Set the caller's display name (used in access events when the project gives none)",
    auth,
    body: MeBody,
    success: { status: 200, schema: MeResponse },
    handler: async (request, _reply, ctx) => {
      const name = request.body.name === null ? null : request.body.name.trim() || null;
      return { appUser: await appUserSetName(ctx.db, caller(request), name) };
    },
  }),

  defineOperation({
    operationId: 'appKeysShare',
    audit: 'key.shared',
    method: 'POST',
    path: '/v2/app/keys/:keyId/share',
    tags,
    summary: 'Share one of your keys with another app user (needs a sharing right on the lock)',
    auth,
    params: Type.Object({ keyId: Uuid }),
    body: ShareBody,
    success: { status: 201, schema: wrap('key', KeySchema) },
    errors: ['rate-limited'],
    handler: async (request, _reply, ctx) => {
      const key = await keyShare(ctx, caller(request), request.params.keyId, request.body);
      return { key: presentKey(key) };
    },
  }),

  defineOperation({
    operationId: 'appEventsReport',
    audit: { none: 'uploads access events; the access log is their record' },
    method: 'POST',
    path: '/v2/app/events',
    tags,
    summary: 'Report access events (1..1000); idempotent by event id',
    description:
      'One result per event, in order: `accepted`, `duplicate` (id seen before; no second event or webhook) or `rejected` with a reason: key_not_found, key_revoked, before_start, after_end, outside_recurrence, created_in_future, created_too_old. A malformed item fails the whole call with 400 and nothing is written.',
    auth,
    body: EventsBody,
    success: { status: 200, schema: EventsResponse },
    handler: async (request, _reply, ctx) => ({
      results: await eventsIngest(ctx, caller(request), request.body.events),
    }),
  }),
];
