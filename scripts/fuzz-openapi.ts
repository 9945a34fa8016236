// Reads the service's own OpenAPI document (app.swagger()) into a list of operations, and builds
// schema-valid sample values from its JSON schemas. Shared by the security suites
// (test-security/) and the fuzzer (scripts/fuzz.ts): both are generic over the document, so a
// route added to the service is attacked and fuzzed without touching them.

export type Schema = Record<string, unknown>;

export interface QueryParam {
  name: string;
  required: boolean;
  schema: Schema;
}

export interface Operation {
  /** The operationId (the name of the operation in src/operation-table.ts). */
  operationId: string;
  method: string;
  /** OpenAPI template, e.g. /v2/projects/{projectId}/locks/{lockId} */
  path: string;
  pathParams: string[];
  query: QueryParam[];
  body?: Schema;
  /** Security scheme names (bearerAuth, adminToken); empty for open routes. */
  security: string[];
  summary: string;
  /** Its success answer is a never-ending text/event-stream (read its headers, then hang up). */
  streaming?: boolean;
}

interface Doc {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function streams(op: Record<string, unknown>): boolean {
  const ok = (op.responses as Record<string, { content?: Record<string, unknown> }> | undefined)?.['200'];
  return !!ok?.content && 'text/event-stream' in ok.content;
}

export function operationsOf(document: unknown): Operation[] {
  const doc = document as Doc;
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = (op.parameters ?? []) as Array<{
        in: string;
        name: string;
        required?: boolean;
        schema?: Schema;
      }>;
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content;
      const body = content?.['application/json']?.schema ?? Object.values(content ?? {})[0]?.schema;
      out.push({
        operationId: String(op.operationId ?? ''),
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: !!p.required, schema: resolve(doc, p.schema ?? {}) })),
        ...(body ? { body: resolve(doc, body) } : {}),
        security: ((op.security ?? []) as Array<Record<string, unknown>>).flatMap((s) => Object.keys(s)),
        summary: String(op.summary ?? ''),
        ...(streams(op) ? { streaming: true } : {}),
      });
    }
  }
  return out;
}

/** Follows a local $ref (fastify-swagger puts shared schemas under components.schemas). */
export function resolve(document: unknown, schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace(/^#\/components\/schemas\//, '');
  const target = (document as Doc).components?.schemas?.[name];
  if (!target) throw new Error(`unresolvable $ref ${ref}`);
  return resolve(document, target);
}

/** Fills {param} placeholders; throws for a parameter the caller has no value for. */
export function fillPath(
  path: string,
  ids: Record<string, string>,
  encode: (v: string) => string = encodeURIComponent,
): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = ids[name];
    if (v === undefined) throw new Error(`no value for path parameter {${name}} in ${path}`);
    return encode(v);
  });
}

// Values that satisfy the patterns the API uses; sample() picks the first that matches.
const PATTERN_CANDIDATES = ['+4799887766', '08:00', 'NO', '919424508', 'revoked,expired', 'abc', 'a', ''];

/**
 * A schema-valid value. Named properties are taken from `ids` when present (lockId, appUserId…),
 * so samples point at real records of the caller's tenant.
 */
export function sample(
  document: unknown,
  schema0: Schema,
  ids: Record<string, string> = {},
  name?: string,
): unknown {
  const schema = resolve(document, schema0);
  if (name && ids[name] !== undefined && schema.type === 'string') return ids[name];
  if ('const' in schema) return schema.const;
  const examples = schema.examples as unknown[] | undefined;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.type !== 'object' && schema.type !== 'array') {
    if (examples?.length) return examples[0];
    if ('example' in schema) return schema.example;
    if ('default' in schema) return schema.default;
  }
  const alt = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alt?.length) {
    const nonNull = alt.find((s) => resolve(document, s).type !== 'null') ?? alt[0]!;
    return sample(document, nonNull, ids, name);
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as Schema[]).map((s) => sample(document, s, ids, name)));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      const o: Record<string, unknown> = {};
      for (const k of required) if (props[k]) o[k] = sample(document, props[k], ids, k);
      // Optional fields the caller has real values for (client_id, grant_type…) are filled too.
      for (const k of Object.keys(props))
        if (!(k in o) && ids[k] !== undefined) o[k] = sample(document, props[k]!, ids, k);
      // PATCH bodies: no required field but at least one property.
      const min = Number(schema.minProperties ?? 0);
      for (const k of Object.keys(props)) {
        if (Object.keys(o).length >= min) break;
        if (!(k in o)) o[k] = sample(document, props[k]!, ids, k);
      }
      return o;
    }
    case 'array': {
      const n = Math.max(1, Number(schema.minItems ?? 1));
      const items = (schema.items ?? {}) as Schema;
      return Array.from({ length: n }, () => sample(document, items, ids, name));
    }
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      if (schema.format === 'uuid') return '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (typeof schema.pattern === 'string') {
        const re = new RegExp(schema.pattern);
        const hit = PATTERN_CANDIDATES.find((c) => re.test(c));
        if (hit !== undefined) return hit;
      }
      const min = Number(schema.minLength ?? 1);
      return 'x'.repeat(Math.max(min, 1));
    }
    default:
      return {};
  }
}

/**
 * Every valid value worth trying for a schema, not only the first: each enum value and literal, both
 * booleans, an integer's bounds, the real id for a named id, and for comma-separated lists of words
 * (`excludeStates`) each word alone, each pair and all of them. Mutations find what breaks on bad
 * input; these find what breaks on good input nobody tried (`excludeStates=revoked` alone once
 * answered 500).
 */
export function validVariants(
  document: unknown,
  schema0: Schema,
  ids: Record<string, string> = {},
  name?: string,
): unknown[] {
  const schema = resolve(document, schema0);
  if (name && ids[name] !== undefined && schema.type === 'string') return [ids[name]];
  if ('const' in schema) return [schema.const];
  if (Array.isArray(schema.enum)) return [...schema.enum];
  const alt = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alt?.length) {
    const all = alt.flatMap((s) => validVariants(document, s, ids, name));
    return [...new Set(all.map((v) => JSON.stringify(v)))].map((v) => JSON.parse(v));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'boolean') return [true, false];
  if (type === 'integer' || type === 'number') {
    const bounds = [schema.minimum, schema.maximum].filter((v) => typeof v === 'number') as number[];
    return bounds.length ? [...new Set(bounds)] : [sample(document, schema, ids, name)];
  }
  if (type === 'string' && typeof schema.pattern === 'string') {
    const re = new RegExp(schema.pattern);
    const words = [...schema.pattern.matchAll(/\(((?:\w+\|)+\w+)\)/g)].flatMap((m) => m[1]!.split('|'));
    const unique = [...new Set(words)];
    const lists = [
      ...unique,
      ...unique.flatMap((a, i) => unique.slice(i + 1).map((b) => `${a},${b}`)),
      ...unique.map((w) => `${w},${w}`),
      unique.join(','),
    ].filter((v) => re.test(v));
    if (lists.length) return lists;
  }
  return [sample(document, schema, ids, name)];
}
