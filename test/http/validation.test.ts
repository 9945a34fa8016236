// test-runner: store-independent
// The route-schema compilers: one pair of Ajv instances per set of component schemas, however many
// routes and apps ask (Fastify asks again for every route once a scope has had addSchema() called),
// and one compile per distinct schema.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validatorCompilersFactory } from '../../src/http/validation.ts';

const Thing = {
  $id: 'Thing',
  type: 'object',
  properties: { name: { type: 'string' } },
  additionalProperties: false,
};
const body = {
  type: 'object',
  properties: { thing: { $ref: 'Thing#' } },
  required: ['thing'],
  additionalProperties: false,
};

describe('validator compilers', () => {
  it('are pooled by their component schemas', () => {
    const f = validatorCompilersFactory();
    const build = f.buildValidator as unknown as (schemas: Record<string, unknown>) => unknown;
    const first = build({ Thing });
    // Fastify passes a new object each time; the same schemas give the same compiler.
    assert.equal(build({ Thing: { ...Thing } }), first);
    assert.notEqual(build({}), first);
    // Per process: another Fastify instance with the same schemas gets the same compiler.
    assert.equal((validatorCompilersFactory().buildValidator as unknown as typeof build)({ Thing }), first);
  });

  it('a pooled compiler still validates bodies strictly and resolves the components', () => {
    const build = validatorCompilersFactory().buildValidator as unknown as (
      schemas: Record<string, unknown>,
    ) => (o: { schema: unknown; httpPart: string }) => (data: unknown) => boolean;
    const validate = build({ Thing })({ schema: body, httpPart: 'body' });
    assert.equal(validate({ thing: { name: 'a' } }), true);
    assert.equal(validate({ thing: { name: 'a', extra: 1 } }), false);
    assert.equal(validate({ thing: { name: 5 } }), false);
    // The same compiler serves the next route.
    const again = build({ Thing })({
      schema: { type: 'object', properties: { n: { type: 'integer' } } },
      httpPart: 'querystring',
    });
    assert.equal(again({ n: '5' }), true); // query strings are coerced
    // The same schema for a body is compiled on its own: bodies are never coerced.
    const strictAgain = build({ Thing })({
      schema: { type: 'object', properties: { n: { type: 'integer' } } },
      httpPart: 'body',
    });
    assert.equal(strictAgain({ n: '5' }), false);
    assert.equal(strictAgain({ n: 5 }), true);
  });
});
