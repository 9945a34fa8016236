// fast-check arbitraries for the fuzzer: one HTTP request per draw, derived from an operation of the
// OpenAPI document. Most requests carry a valid token and real ids so they reach the handlers and
// the store; the body, path, query and headers are then mutated: wrong types, missing and extra
// fields, huge strings, deep nesting, unicode, invalid UTF-8, wrong content types, random headers.
import fc from 'fast-check';
import { fillPath, type Operation, sample, validVariants } from './fuzz-openapi.ts';

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** What was done, for the failure report. */
  label: string;
  /** The operation it was derived from: METHOD /template */
  op: string;
}

export interface FuzzWorld {
  doc: unknown;
  ids: Record<string, string>;
  /** The credential a route takes (by operation), and every other credential as a wrong one. */
  tokenFor: (op: Operation) => string | undefined;
  allTokens: string[];
}

const printable = fc.string({
  unit: fc.constantFrom(...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))),
  maxLength: 200,
});

const NASTY = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uFEFF',
  '💥🔒',
  'ﬀ̸̛͉',
  '../../../etc/passwd',
  '%00',
  '%2F..%2F',
  "' OR 1=1 --",
  '"; DROP TABLE locks; --',
  `\${jndi:ldap://x}`,
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  '+4799887766',
  '+0000000',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '2026-02-30T25:61:61Z',
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  '24:00',
  'Europe/Nowhere',
  'x'.repeat(5000),
];

export const weirdString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY), weight: 4 },
  { arbitrary: fc.string({ maxLength: 64 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 64 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 64 }), weight: 1 },
  { arbitrary: fc.uuid(), weight: 2 },
);

const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: weirdString, weight: 5 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, 1e308, -0, 0.5), weight: 2 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  {
    arbitrary: fc.constantFrom({}, [], [null], { __proto__: { x: 1 } }, { constructor: { prototype: {} } }),
    weight: 1,
  },
);

type Json = unknown;
// biome-ignore lint/suspicious/noExplicitAny: a JSON value walked by path segments
type Walk = any;

/** Every path into a JSON value (to pick one to mutate). */
function pathsOf(v: Json, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  out.push(prefix);
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) pathsOf(x, [...prefix, i], out);
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) pathsOf(x, [...prefix, k], out);
  }
  return out;
}

function setAt(
  root: Json,
  path: Array<string | number>,
  f: (parent: Walk, key: string | number) => void,
): Json {
  if (path.length === 0) return root;
  let p: Walk = root;
  for (const k of path.slice(0, -1)) p = p[k];
  f(p, path[path.length - 1]!);
  return root;
}

function nested(depth: number, kind: number): string {
  return kind % 2 ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Mutation kinds and their weights: the heavy ones (megabyte bodies, deep nesting) are rare. */
const BODY_MUTATION_WEIGHTS = {
  valid: 30,
  leaf: 50,
  delete: 20,
  extra: 20,
  whole: 16,
  deep: 6,
  'huge-string': 4,
  'huge-array': 6,
  bytes: 10,
  'invalid-utf8': 10,
  truncated: 10,
  'content-type': 12,
  'too-large': 1,
} as const;
type BodyMutation = keyof typeof BODY_MUTATION_WEIGHTS;
const bodyMutation = fc.oneof(
  ...Object.entries(BODY_MUTATION_WEIGHTS).map(([k, weight]) => ({
    arbitrary: fc.constant(k as BodyMutation),
    weight,
  })),
);

function mutateBody(
  base: Json,
  kind: BodyMutation,
  i: number,
  value: unknown,
  key: string,
  n: number,
  bytes: Uint8Array,
): { body: string | Buffer; contentType: string } {
  const json = 'application/json';
  const clone = structuredClone(base);
  const paths = pathsOf(clone);
  const at = paths[i % paths.length]!;
  switch (kind) {
    case 'valid':
      return { body: JSON.stringify(clone), contentType: json };
    case 'leaf':
      if (at.length === 0) return { body: JSON.stringify(value), contentType: json };
      return {
        body: JSON.stringify(
          setAt(clone, at, (p, k) => {
            p[k] = value;
          }),
        ),
        contentType: json,
      };
    case 'delete':
      return {
        body: JSON.stringify(
          setAt(clone, at, (p, k) => {
            if (Array.isArray(p)) p.splice(Number(k), 1);
            else delete p[k];
          }),
        ),
        contentType: json,
      };
    case 'extra': {
      const objects = paths.filter((p) => {
        let v: Walk = clone;
        for (const k of p) v = v[k];
        return v && typeof v === 'object' && !Array.isArray(v);
      });
      const target = objects[i % Math.max(objects.length, 1)] ?? [];
      let v: Walk = clone;
      for (const k of target) v = v[k];
      if (v && typeof v === 'object') v[key || 'extra'] = value;
      return { body: JSON.stringify(clone), contentType: json };
    }
    case 'whole':
      return { body: JSON.stringify(value) ?? 'undefined', contentType: json };
    case 'deep':
      return { body: nested(100 + (n % 5_000), n), contentType: json };
    case 'huge-string':
      return {
        body: JSON.stringify(
          at.length === 0
            ? 'y'.repeat(10_000 + (n % 200_000))
            : setAt(clone, at, (p, k) => {
                p[k] = '\u00e9'.repeat(10_000 + (n % 100_000));
              }),
        ),
        contentType: json,
      };
    case 'huge-array': {
      const arrays = paths.filter((p) => {
        let v: Walk = clone;
        for (const k of p) v = v[k];
        return Array.isArray(v) && v.length > 0;
      });
      const target = arrays[i % Math.max(arrays.length, 1)];
      if (target) {
        let v: Walk = clone;
        for (const k of target) v = v[k];
        const count = 2 + (n % 500);
        const item = v[0];
        v.length = 0;
        for (let j = 0; j < count; j++) v.push(item);
      }
      return { body: JSON.stringify(clone), contentType: json };
    }
    case 'bytes':
      return { body: Buffer.from(bytes), contentType: json };
    case 'invalid-utf8': {
      const text = JSON.stringify(clone);
      const cut = i % (text.length + 1);
      return {
        body: Buffer.concat([
          Buffer.from(text.slice(0, cut)),
          Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
          Buffer.from(text.slice(cut)),
        ]),
        contentType: json,
      };
    }
    case 'truncated': {
      const text = JSON.stringify(clone);
      return { body: text.slice(0, i % Math.max(text.length, 1)), contentType: json };
    }
    case 'content-type': {
      const types = [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/xml',
        'application/vnd.api+json',
        '',
        ';;;',
        'application/json, text/plain',
      ];
      const ct = types[i % types.length]!;
      const body = ct.includes('urlencoded')
        ? `a=${encodeSegment(String(value))}&b[c]=1`
        : JSON.stringify(clone);
      return { body, contentType: ct };
    }
    case 'too-large':
      return { body: JSON.stringify({ pad: 'z'.repeat(1024 * 1024 + (n % 1000)) }), contentType: json };
  }
}

function pathValue(op: Operation, world: FuzzWorld, choice: number, weird: string, uuid: string) {
  const ids: Record<string, string> = {};
  for (const p of op.pathParams) {
    const real = world.ids[p] ?? uuid;
    ids[p] = choice < 8 ? real : choice === 8 ? uuid : weird;
  }
  return fillPath(op.path, ids, encodeSegment);
}

/** Percent-encodes; a lone surrogate becomes the raw bytes of an invalid UTF-8 sequence. */
function encodeSegment(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return `${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/** One request for the operation: a valid-looking one, then mutated. */
export function requestArbitrary(op: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const base = op.body ? sample(world.doc, op.body, world.ids) : undefined;
  const queryBase = op.query.map((q) => [q.name, sample(world.doc, q.schema, world.ids, q.name)] as const);
  const queryValid = op.query.map(
    (q) => [q.name, validVariants(world.doc, q.schema, world.ids, q.name)] as const,
  );
  return fc
    .record({
      // One request in four carries only valid query values, in any combination (each parameter
      // left out or given one of its valid values), with a real path and the right token.
      validQuery: fc.nat(3),
      validChoices: fc.array(fc.nat(), { minLength: queryValid.length, maxLength: queryValid.length }),
      pathChoice: fc.nat(9),
      pathWeird: weirdString,
      uuid: fc.uuid(),
      queryMask: fc.nat(),
      queryWeird: fc.array(fc.tuple(fc.nat(), weirdValue), { maxLength: 3 }),
      extraQuery: fc.option(fc.tuple(printable, weirdString), { freq: 5 }),
      auth: fc.nat(19),
      authWeird: printable,
      bodyKind: bodyMutation,
      i: fc.nat(),
      n: fc.nat(),
      value: weirdValue,
      key: fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('__proto__', 'constructor', 'id', 'projectId'),
      ),
      bytes: fc.uint8Array({ maxLength: 256 }),
      method: fc.nat(39),
      otherMethod: fc.constantFrom(...OTHER_METHODS),
      headers: fc.array(
        fc.tuple(
          fc.constantFrom(
            'x-request-id',
            'accept',
            'accept-encoding',
            'content-encoding',
            'x-forwarded-for',
            'origin',
            'cookie',
            'if-none-match',
            'range',
            'x-http-method-override',
          ),
          printable,
        ),
        { maxLength: 3 },
      ),
    })
    .map((r) => {
      const validOnly = r.validQuery === 0 && op.query.length > 0;
      let path = pathValue(op, world, validOnly ? 0 : r.pathChoice, r.pathWeird, r.uuid);
      const q = new URLSearchParams();
      if (validOnly) {
        queryValid.forEach(([name, values], idx) => {
          const choice = r.validChoices[idx]! % (values.length + 1);
          if (choice > 0) q.append(name, String(values[choice - 1]));
        });
      } else {
        queryBase.forEach(([name, v], idx) => {
          if ((r.queryMask >> idx) & 1) q.append(name, String(v));
        });
        for (const [idx, v] of r.queryWeird) {
          const name = queryBase[idx % Math.max(queryBase.length, 1)]?.[0] ?? 'limit';
          q.append(name, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
        }
        if (r.extraQuery) q.append(r.extraQuery[0], r.extraQuery[1]);
      }
      const qs = q.toString();
      if (qs) path += `?${qs}`;

      const headers: Record<string, string> = {};
      const valid = world.tokenFor(op);
      const token =
        validOnly || r.auth < 14
          ? valid
          : r.auth < 16
            ? world.allTokens[r.i % world.allTokens.length]
            : r.auth < 18
              ? undefined
              : r.authWeird;
      if (token !== undefined) headers.authorization = r.auth === 19 ? token : `Bearer ${token}`;
      for (const [k, v] of r.headers) headers[k] = v;

      const method = r.method === 0 ? r.otherMethod : op.method;
      let body: string | Buffer | undefined;
      let label = validOnly
        ? `${op.method} ${op.path} [valid query ${q.toString()}`
        : `${op.method} ${op.path} [path ${r.pathChoice < 8 ? 'real' : 'mutated'}, auth ${r.auth}`;
      if (base !== undefined && method !== 'GET' && method !== 'HEAD') {
        const m = mutateBody(base, r.bodyKind, r.i, r.value, r.key, r.n, r.bytes);
        body = m.body;
        if (m.contentType) headers['content-type'] = m.contentType;
        label += `, body ${r.bodyKind}`;
      } else if (method !== 'GET' && method !== 'HEAD' && r.n % 4 === 0) {
        // Bodies where none is expected.
        body = JSON.stringify(r.value) ?? '';
        headers['content-type'] = 'application/json';
        label += ', unexpected body';
      }
      return {
        method,
        path,
        headers,
        ...(body !== undefined ? { body } : {}),
        label: `${label}]`,
        op: `${op.method} ${op.path}`,
      };
    });
}
