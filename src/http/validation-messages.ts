// Validator errors → `invalidParams` written for people. Ajv reports what failed in schema terms
// ("must be equal to constant", "must match pattern "^\+[1-9]…"", and for a nullable or a union one
// error per branch plus "must match a schema in anyOf"). Here each offending input gets one reason
// that says what is allowed: a union of fixed values becomes "must be one of mon, tue, …", a known
// pattern says what it means with an example, and the branches of a union collapse to the one
// relevant reason (the non-null branch of a nullable; the branch that got furthest otherwise).
// Needs Ajv's `verbose` option (each error then carries its schema and the offending data).
import type { InvalidParam } from './errors.ts';

export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  /** verbose: the keyword's value (for anyOf, the branches). */
  schema?: unknown;
  /** verbose: the schema object holding the keyword. */
  parentSchema?: Record<string, unknown>;
  data?: unknown;
}

/** What the project's patterns mean, with an example. */
const PATTERNS: Record<string, string> = {
  '^\\+[1-9][0-9]{6,14}$':
    'must be a phone number in E.164 form such as +4799887766 (a + and 7 to 15 digits)',
  '^([01][0-9]|2[0-3]):[0-5][0-9]$': 'must be a time of day as HH:MM, 00:00 to 23:59, such as 08:00',
  '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$': 'must be a time of day as HH:MM, 00:00 to 24:00, such as 17:00',
  '^[A-Z]{2}$': 'must be a country code of two capital letters (ISO 3166-1 alpha-2) such as NO',
  '^[A-Za-z0-9-]+$': 'must be letters, digits and - only',
  '^[A-Za-z0-9-]*$': 'must be letters, digits and - only (or empty)',
  '^[0-9]{6}$': 'must be the 6 digits of the code',
  '^(scheduled|active|expired|revoked)(,(scheduled|active|expired|revoked))*$':
    'must be a comma-separated list of key states (scheduled, active, expired, revoked) such as revoked,expired',
};

const FORMATS: Record<string, string> = {
  'date-time': 'must be a date-time with a time zone (ISO 8601) such as 2026-11-21T10:15:30.123Z',
  uuid: 'must be a UUID such as 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b',
  uri: 'must be an absolute URL',
  email: 'must be an email address',
};

const TYPES: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const typeWords = (t: unknown) =>
  (Array.isArray(t) ? t : String(t).split(',')).map((x) => TYPES[String(x)] ?? String(x)).join(' or ');

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const toDotted = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');

/** The fixed values a schema allows, when it is only that (a const, an enum, a union of those). */
function fixedValues(schema: unknown): unknown[] | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const s = schema as Record<string, unknown>;
  if ('const' in s) return [s.const];
  if (Array.isArray(s.enum)) return s.enum;
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (!Array.isArray(branches)) return undefined;
  const all: unknown[] = [];
  for (const b of branches) {
    const v = fixedValues(b);
    if (!v) return undefined;
    all.push(...v);
  }
  return all;
}

function reasonOf(e: AjvError): string {
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'const':
      return `must be ${show(p.allowedValue)}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map(show).join(', ')}`;
    case 'type':
      return `must be ${typeWords(p.type)}`;
    case 'format':
      return FORMATS[String(p.format)] ?? `must be a valid ${String(p.format)}`;
    case 'pattern': {
      const known = PATTERNS[String(p.pattern)];
      if (known) return known;
      const example = (e.parentSchema?.examples as unknown[] | undefined)?.[0];
      return example === undefined
        ? `must match the pattern ${String(p.pattern)}`
        : `must have the form of ${show(example)}`;
    }
    case 'minLength':
      return Number(p.limit) === 1
        ? 'must not be empty'
        : `must be at least ${plural(Number(p.limit), 'character')}`;
    case 'maxLength':
      return `must be at most ${plural(Number(p.limit), 'character')}`;
    case 'minimum':
      return `must be at least ${show(p.limit)}`;
    case 'maximum':
      return `must be at most ${show(p.limit)}`;
    case 'exclusiveMinimum':
      return `must be more than ${show(p.limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${show(p.limit)}`;
    case 'minItems':
      return `must have at least ${plural(Number(p.limit), 'item')}`;
    case 'maxItems':
      return `must have at most ${plural(Number(p.limit), 'item')}`;
    case 'uniqueItems':
      return `must not repeat an item (items ${show(p.j)} and ${show(p.i)} are the same)`;
    case 'minProperties':
      return `must have at least ${plural(Number(p.limit), 'field')}`;
    case 'maxProperties':
      return `must have at most ${plural(Number(p.limit), 'field')}`;
    case 'anyOf':
    case 'oneOf': {
      const values = fixedValues({ anyOf: e.schema });
      if (values) return `must be one of ${values.map(show).join(', ')}`;
      return 'does not match any allowed form';
    }
    default:
      return e.message ?? 'is invalid';
  }
}

const within = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/**
 * Collapses each anyOf/oneOf with its branch errors into the reasons that matter. Inner unions
 * first, so an outer union sees an inner one already collapsed.
 */
function collapseUnions(errors: AjvError[]): Map<AjvError, string | undefined> {
  /** Every error still standing → its reason override (undefined: reasonOf). */
  const standing = new Map<AjvError, string | undefined>(errors.map((e) => [e, undefined]));
  const unions = errors
    .filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')
    .sort((x, y) => y.schemaPath.length - x.schemaPath.length);
  for (const u of unions) {
    if (!standing.has(u)) continue;
    const prefix = `${u.schemaPath}/`;
    const byBranch = new Map<number, AjvError[]>();
    const overrides = new Map<AjvError, string | undefined>();
    for (const [e, override] of standing) {
      if (e === u || !e.schemaPath.startsWith(prefix) || !within(e.instancePath, u.instancePath)) continue;
      const i = Number.parseInt(e.schemaPath.slice(prefix.length), 10);
      byBranch.set(i, [...(byBranch.get(i) ?? []), e]);
      overrides.set(e, override);
    }
    for (const e of overrides.keys()) standing.delete(e);
    const branches = (Array.isArray(u.schema) ? u.schema : []) as Array<Record<string, unknown>>;
    if (fixedValues({ anyOf: branches })) continue; // "must be one of …" on the union itself
    // A nullable: when the value is not null, the null branch's "must be null" is noise.
    const candidates = [...byBranch].filter(([i]) => !(branches[i]?.type === 'null' && u.data !== null));
    const atRoot = (list: AjvError[]) =>
      list.every((e) => e.instancePath === u.instancePath && e.keyword === 'type');
    if (candidates.length === 0 || candidates.every(([, list]) => atRoot(list))) {
      // The value is of none of the allowed types: say which types are.
      const types = branches.map((b) => b.type).filter((t) => t !== undefined);
      if (types.length === branches.length) standing.set(u, `must be ${typeWords(types.flat())}`);
      continue;
    }
    // The branch that got furthest into the value is the one the client meant.
    const depth = (list: AjvError[]) => Math.max(...list.map((e) => e.instancePath.split('/').length));
    const best = candidates.filter(([, list]) => !atRoot(list)).sort((x, y) => depth(y[1]) - depth(x[1]))[0]!;
    standing.delete(u);
    for (const e of best[1]) standing.set(e, overrides.get(e));
  }
  return standing;
}

/** Ajv errors → one invalidParams entry per offending input, in order, first reason wins. */
export function invalidParamsFromAjv(errors: AjvError[]): InvalidParam[] {
  const standing = collapseUnions(errors);
  const out = new Map<string, string>();
  for (const e of errors) {
    if (!standing.has(e)) continue;
    let name = toDotted(e.instancePath);
    if (e.keyword === 'required' || e.keyword === 'additionalProperties') {
      const prop = String(e.params.missingProperty ?? e.params.additionalProperty);
      name = name ? `${name}.${prop}` : prop;
    }
    const reason = standing.get(e) ?? reasonOf(e);
    if (!out.has(name || '(body)')) out.set(name || '(body)', reason);
  }
  return [...out].map(([name, reason]) => ({ name, reason }));
}
