// test-runner: store-independent
// Response serializers: compiled once per distinct schema in the process, whichever app, route or
// status asks, and still exactly the schema's serializer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSerializer } from '../../src/http/serialization.ts';

const Thing = {
  $id: 'Thing',
  type: 'object',
  properties: { name: { type: 'string' } },
};
const answer = {
  type: 'object',
  properties: { thing: { $ref: 'Thing#' }, count: { type: 'integer' } },
};
const route = (schema: unknown, httpStatus = '200') => ({ schema, method: 'GET', url: '/x', httpStatus });

describe('response serializers', () => {
  it('one per distinct schema: equal schemas from another app, route or status share it', () => {
    const first = buildSerializer({ Thing })(route(answer));
    // Fastify passes new objects for each app it builds.
    assert.equal(buildSerializer({ Thing: { ...Thing } })(route(structuredClone(answer), '201')), first);
    assert.notEqual(buildSerializer({ Thing })(route({ ...answer, required: ['count'] })), first);
  });

  it('serializes by its own schema and components: unknown fields left out, references followed', () => {
    const serialize = buildSerializer({ Thing })(route(answer));
    assert.equal(
      serialize({ thing: { name: 'a', secret: 'x' }, count: 2, extra: true }),
      '{"thing":{"name":"a"},"count":2}',
    );
    // Other component schemas under the same $id give another serializer.
    const Other = { $id: 'Thing', type: 'object', properties: { size: { type: 'integer' } } };
    const other = buildSerializer({ Thing: Other })(route(answer));
    assert.equal(other({ thing: { name: 'a', size: 3 }, count: 2 }), '{"thing":{"size":3},"count":2}');
  });
});
