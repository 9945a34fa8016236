// Response serializers (fast-json-stringify, Fastify's own compiler), compiled once per process for
// each distinct schema instead of once per route and status.
//
// Why: every operation declares its success answer and the same handful of problem answers, so an
// app of ~100 operations asked fast-json-stringify for ~600 serializers, almost all of them of the
// same few problem schemas; each compile also checks the schema against the JSON Schema meta-schema
// and resolves every component schema again. That was the largest single cost of building an app
// (a third of a small test file's main-thread time, and of a server's start-up). A serializer
// depends only on its schema, the component schemas and the serializer options, so those, as JSON,
// are the cache key; the same process building a second app (the tests do, every file) compiles
// nothing new.
import {
  type Options,
  type RouteDefinition,
  type Serializer,
  type SerializerCompiler,
  SerializerSelector,
} from '@fastify/fast-json-stringify-compiler';

const compileWith = SerializerSelector();
/** Per set of component schemas and options (as JSON): serializers by their schema (as JSON). */
const pools = new Map<string, Map<string, Serializer>>();

/** Fastify's `schemaController.compilersFactory.buildSerializer`, cached as said above. */
export function buildSerializer(externalSchemas?: unknown, serializerOpts?: Options): SerializerCompiler {
  const poolKey = JSON.stringify([externalSchemas ?? {}, serializerOpts ?? {}]);
  const pool = pools.get(poolKey) ?? new Map<string, Serializer>();
  pools.set(poolKey, pool);
  let compile: SerializerCompiler | undefined;
  return (route: RouteDefinition) => {
    const key = JSON.stringify(route.schema);
    let serialize = pool.get(key);
    if (!serialize) {
      compile ??= compileWith(externalSchemas, serializerOpts);
      serialize = compile(route);
      pool.set(key, serialize);
    }
    return serialize;
  };
}
