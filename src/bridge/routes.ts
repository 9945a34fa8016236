// The bridge's channel (bridge token): poll for commands, report results, events and statuses, and
// keep the controller's state. Between two programs of this project, so not in the public document
// (docs/matter.md describes it).
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { conflict } from '../http/errors.ts';
import { type Auth, defineOperation } from '../http/operations.ts';
import { reportIngest } from './ingest.ts';
import { stateContext, stateLoad, stateSave } from './queries.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bridge whose token the request carries (auth kind `bridge`). */
    bridgeId?: string;
  }
}

const auth: Auth = { kind: 'bridge' };
const tags = ['bridge'];
const InstanceId = Type.String({ minLength: 1, maxLength: 64 });
const bridgeOf = (request: FastifyRequest) => request.bridgeId!;
const Json = Type.Unknown();

export const bridgeChannelOperations = [
  defineOperation({
    operationId: 'bridgePoll',
    method: 'POST',
    audit: { none: 'a bridge waiting for its commands; changes nothing' },
    path: '/v2/bridge/poll',
    tags,
    summary: 'A bridge waits for commands (long poll)',
    hidden: true,
    auth,
    body: Type.Object(
      { instanceId: InstanceId, waitMs: Type.Integer({ minimum: 0, maximum: 30_000 }) },
      { additionalProperties: false },
    ),
    success: { status: 200, schema: Json },
    handler: async (request, reply, ctx) => {
      // The poll ends early when the bridge goes away (the process killed, the network gone), so
      // that its lease runs out a moment later and it shows offline.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      return ctx.bridges.poll(bridgeOf(request), request.body, gone.signal);
    },
  }),

  defineOperation({
    operationId: 'bridgeReport',
    method: 'POST',
    audit: { none: 'a bridge reporting what its locks did: lock activity and the access log are the record' },
    path: '/v2/bridge/report',
    tags,
    summary: 'A bridge reports command results, lock events and lock statuses',
    hidden: true,
    auth,
    body: Type.Object(
      {
        instanceId: InstanceId,
        results: Type.Optional(
          Type.Array(
            Type.Object({
              commandId: Type.String({ format: 'uuid' }),
              ok: Type.Boolean(),
              result: Type.Optional(Type.Unknown()),
              error: Type.Optional(Type.Unknown()),
            }),
            { maxItems: 1000 },
          ),
        ),
        events: Type.Optional(
          Type.Array(
            Type.Object({
              lockId: Type.String({ format: 'uuid' }),
              eventNumber: Type.String({ pattern: '^[0-9]{1,19}$' }),
              at: Type.String({ format: 'date-time' }),
              kind: Type.String({ maxLength: 32 }),
              detail: Type.Record(Type.String(), Type.Unknown()),
              commandId: Type.Optional(Type.String({ format: 'uuid' })),
            }),
            { maxItems: 1000 },
          ),
        ),
        statuses: Type.Optional(
          Type.Array(
            Type.Object({
              lockId: Type.String({ format: 'uuid' }),
              reachable: Type.Boolean(),
              lockState: Type.Union(['locked', 'unlocked', 'jammed', 'unknown'].map((s) => Type.Literal(s))),
              batteryPercent: Type.Union([Type.Integer(), Type.Null()]),
              batteryLevel: Type.Union([
                Type.Union(['ok', 'warning', 'critical'].map((s) => Type.Literal(s))),
                Type.Null(),
              ]),
            }),
            { maxItems: 1000 },
          ),
        ),
      },
      { additionalProperties: false },
    ),
    success: { status: 200, schema: Type.Object({ recorded: Type.Integer() }) },
    // biome-ignore lint/suspicious/noExplicitAny: the body's schema is the protocol's types
    handler: (request, _reply, ctx) => reportIngest(ctx, bridgeOf(request), request.body as any),
  }),

  defineOperation({
    operationId: 'bridgeStateGet',
    method: 'GET',
    path: '/v2/bridge/state',
    tags,
    summary: "The bridge's controller state (its Matter fabric), as the service keeps it",
    hidden: true,
    auth,
    success: { status: 200, schema: Type.Object({ state: Type.Union([Type.String(), Type.Null()]) }) },
    handler: async (request, _reply, ctx) => {
      const id = bridgeOf(request);
      const sealed = await stateLoad(ctx.db, id);
      return { state: sealed === undefined ? null : ctx.keyring.decrypt(sealed, stateContext(id)) };
    },
  }),

  defineOperation({
    operationId: 'bridgeStatePut',
    method: 'PUT',
    audit: { none: 'the bridge controller state, sealed; a secret never recorded' },
    path: '/v2/bridge/state',
    tags,
    summary: "Saves the bridge's controller state, sealed with the master key",
    hidden: true,
    auth,
    body: Type.Object(
      { instanceId: InstanceId, state: Type.String({ maxLength: 900_000 }) },
      { additionalProperties: false },
    ),
    success: { status: 204 },
    handler: async (request, _reply, ctx) => {
      const id = bridgeOf(request);
      const sealed = ctx.keyring.encrypt(request.body.state, stateContext(id));
      if (!(await stateSave(ctx.db, id, request.body.instanceId, sealed)))
        throw conflict('This bridge process does not hold the bridge: another process acts for its locks');
    },
  }),
];
