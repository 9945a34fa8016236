// GET /v2/webhook-event-types: every event type a webhook can receive, with the JSON schema of the
// body it is posted with. Public, as the OpenAPI document that declares the same list is.
import { Type } from '@sinclair/typebox';
import { EVENT_TYPES, plainSchema, TRIGGERS } from '../../delivery/event-types.ts';
import { defineOperation } from '../../http/operations.ts';
import { webhookTags as tags } from './routes.ts';

const EventTypeSchema = Type.Object({
  type: Type.String({ examples: ['key.revoked'] }),
  trigger: Type.String({ enum: [...TRIGGERS] }),
  description: Type.String(),
  schema: Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    additionalProperties: true,
    description: 'JSON Schema (2020-12) of the body as posted',
  }),
});

/** Built once: the list is fixed for the life of the process. */
const answer = {
  eventTypes: EVENT_TYPES.map((e) => ({
    type: e.type,
    trigger: e.trigger,
    description: e.description,
    schema: plainSchema(e.body),
  })),
};

export const eventTypeOperations = [
  defineOperation({
    operationId: 'webhookEventTypesList',
    method: 'GET',
    path: '/v2/webhook-event-types',
    tags,
    summary: 'List the event types webhooks send, with the JSON schema of each body',
    description:
      "accessEvent webhooks receive the Access Event itself; lockActivity and keyChanged webhooks receive a { type, id, created, data } envelope whose type is one of the lock.* or key.* types. The same list is the document's `webhooks`. Needs no token.",
    auth: { kind: 'none' },
    success: { status: 200, schema: Type.Object({ eventTypes: Type.Array(EventTypeSchema) }) },
    handler: async () => answer,
  }),
];
