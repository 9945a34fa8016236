// Device keys of app users: a phone registers the public half of a P-256 key it keeps; credentials
// are bound to it (cnf.jkt). At most MAX_DEVICES per app user. The caller is the app token's
// subject, which scopes every query: another user's device is 404.
import { Type } from '@sinclair/typebox';
import { principalOf } from '../../auth/bearer.ts';
import { jwkThumbprint, publicJwkProblem } from '../../credentials/jwk.ts';
import { conflict, found, invalidParam } from '../../http/errors.ts';
import { defineOperation } from '../../http/operations.ts';
import { wrap } from '../../http/schemas.ts';
import { appAuth as auth, appCaller as caller } from '../app/caller.ts';
import { bindSessionToDevice, endSessionsOfDevice } from '../app/sessions.ts';
import { presentDevice } from './present.ts';
import { deviceDelete, deviceInsert, deviceList } from './queries.ts';
import { DeviceCreateBody, DeviceParams, DeviceSchema, MAX_DEVICES } from './schema.ts';

const tags = ['app'];
const components = [DeviceSchema];

export const deviceOperations = [
  defineOperation({
    operationId: 'appDevicesCreate',
    method: 'POST',
    audit: 'device.created',
    path: '/v2/app/devices',
    tags,
    summary: `Register a device key (the public half of a P-256 key the phone keeps); at most ${MAX_DEVICES} per app user`,
    description:
      "Credentials are bound to a device through the RFC 7638 thumbprint of its key (`cnf.jkt`): at a lock the phone proves it holds the private key by signing the lock's nonce. A key that is not a public EC P-256 JWK is 400 naming `publicKey`; a sixth device, or a key already registered, is 409.",
    auth,
    components,
    body: DeviceCreateBody,
    success: { status: 201, schema: wrap('device', DeviceSchema) },
    handler: async (request, _reply, ctx) => {
      const { publicKey } = request.body;
      const why = publicJwkProblem(publicKey);
      if (why) throw invalidParam('publicKey', why);
      const name = request.body.name?.trim() || null;
      const thumbprint = jwkThumbprint(publicKey);
      const appUserId = caller(request);
      // The session the caller's token belongs to is bound to its first device: from then on a
      // refresh needs a DPoP proof signed by this key (a token minted by an operator has no session).
      const sid = principalOf(request).claims.sid;
      const r = await ctx.db.transaction(async (tx) => {
        const made = await deviceInsert(tx, appUserId, { name, publicKey, thumbprint }, MAX_DEVICES);
        if ('device' in made && typeof sid === 'string')
          await bindSessionToDevice(tx, { sessionId: sid, deviceId: made.device.id, thumbprint });
        return made;
      });
      if ('full' in r)
        throw conflict(
          `you already have ${MAX_DEVICES} devices, the most allowed: delete one you no longer use first`,
        );
      if ('duplicate' in r)
        throw conflict(`this key is already registered, as device ${r.duplicate.id}`, [
          { name: 'publicKey', reason: 'already registered' },
        ]);
      return { device: presentDevice(r.device) };
    },
  }),

  defineOperation({
    operationId: 'appDevicesList',
    method: 'GET',
    path: '/v2/app/devices',
    tags,
    summary: "The caller's registered devices, oldest first",
    auth,
    components,
    success: { status: 200, schema: Type.Object({ devices: Type.Array(DeviceSchema) }) },
    handler: async (request, _reply, ctx) => ({
      devices: (await deviceList(ctx.db, caller(request))).map(presentDevice),
    }),
  }),

  defineOperation({
    operationId: 'appDevicesDelete',
    method: 'DELETE',
    audit: 'device.deleted',
    path: '/v2/app/devices/:deviceId',
    tags,
    summary:
      'Delete one of your devices: it gets no new credentials (those it holds expire on their own), and the sessions bound to it end',
    auth,
    params: DeviceParams,
    success: { status: 204, description: 'Deleted' },
    handler: async (request, _reply, ctx) => {
      const deviceId = request.params.deviceId;
      await ctx.db.transaction(async (tx) => {
        await found('device', deviceDelete(tx, caller(request), deviceId));
        await endSessionsOfDevice(tx, deviceId);
      });
      // This process refuses the ended sessions' access tokens at once (others within the cache's TTL).
      ctx.appSessions.clear();
    },
  }),
];
