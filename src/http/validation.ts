// Two Ajv instances: request bodies are validated strictly (no type coercion: "5" is not a number,
// unknown fields are rejected, never silently dropped), while query strings and path parameters,
// which arrive as text, are coerced to the schema's types.
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

// ajv-formats ships CommonJS; its `default` property is the plugin under both module systems.
const addFormats = addFormatsModule.default;

// verbose: errors carry their schema and data, so validation-messages.ts can say what is allowed.
const common: Options = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
  verbose: true,
};

function make(coerce: boolean): Ajv {
  const ajv = new Ajv({ ...common, coerceTypes: coerce ? 'array' : false });
  addFormats(ajv);
  return ajv;
}

/** No object of any request has this many fields (the largest have about twenty). */
export const MAX_OBJECT_FIELDS = 100;

export interface InputProblem {
  /** JSON pointer of the offending value. */
  at: string;
  message: string;
}

/**
 * The first input problem no schema should spend time on, if any, found in one iterative walk (deep
 * nesting is safe):
 * - a string (value or property name) holding U+0000, which PostgreSQL cannot store in text or
 *   jsonb: without this check such input reached the store and failed there with a 500 (found by
 *   the fuzzer);
 * - an object with more than MAX_OBJECT_FIELDS fields: strict validation reports every unknown
 *   field, so 100,000 of them cost the validator half a second and produced a 4.7 MiB answer.
 */
export function inputProblemAt(data: unknown): InputProblem | undefined {
  const stack: Array<[unknown, string]> = [[data, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { at, message: NUL_MESSAGE };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${at}/${i}`]);
    } else if (v !== null && typeof v === 'object') {
      if (tooManyFields(v)) return { at, message: `must have at most ${MAX_OBJECT_FIELDS} fields` };
      for (const [k, x] of Object.entries(v)) {
        const path = `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (k.includes('\u0000')) return { at: path, message: NUL_MESSAGE };
        stack.push([x, path]);
      }
    }
  }
  return undefined;
}

/** Stops counting at the first field over the limit. */
function tooManyFields(o: object): boolean {
  let n = 0;
  for (const _ in o) if (++n > MAX_OBJECT_FIELDS) return true;
  return false;
}

const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

type ValidatorCompiler = Parameters<FastifyInstance['setValidatorCompiler']>[0];
type Validator = ReturnType<ValidatorCompiler>;

/** The compiler for one Fastify context; `externalSchemas` are those added with addSchema. */
export function buildValidatorCompiler(externalSchemas: Record<string, unknown> = {}): ValidatorCompiler {
  const strict = make(false);
  const coercing = make(true);
  for (const schema of Object.values(externalSchemas)) {
    strict.addSchema(schema as object);
    coercing.addSchema(schema as object);
  }
  // By part and schema as JSON: the apps a process builds (a test file builds several) pass equal
  // schemas as new objects, and Ajv's own cache is by object.
  const compiled = new Map<string, ValidateFunction>();
  const compiledFor = (schema: unknown, body: boolean): ValidateFunction => {
    const key = `${body ? 'strict' : 'coercing'} ${JSON.stringify(schema)}`;
    const known = compiled.get(key);
    if (known) return known;
    const fresh = (body ? strict : coercing).compile(schema as object);
    compiled.set(key, fresh);
    return fresh;
  };
  return ({ schema, httpPart }) => {
    const validate = compiledFor(schema, httpPart === 'body');
    const checked = ((data: unknown) => {
      const problem = inputProblemAt(data);
      if (problem) {
        checked.errors = [
          {
            instancePath: problem.at,
            keyword: 'input',
            schemaPath: '',
            message: problem.message,
            params: {},
          },
        ];
        return false;
      }
      const ok = validate(data);
      checked.errors = validate.errors;
      return ok;
    }) as Validator & { errors?: unknown };
    return checked as Validator;
  };
}

/**
 * For Fastify's `schemaController` server option, one per Fastify instance. Not
 * app.setValidatorCompiler(): a plugin scope created before a later root addSchema() rebuilds its
 * compiler from the server's compilersFactory, which is Fastify's default Ajv (removeAdditional,
 * coercion) unless set here. That silently turned off strict validation for the whole admin API
 * (found by the fuzzer: a NUL byte in an organization name reached the store and answered 500;
 * unknown fields were dropped, not refused).
 *
 * Compilers are pooled by their external schemas, as Fastify's own compiler is: once a scope has
 * had addSchema() called, Fastify asks for a compiler again for every route it registers there.
 * Without the pool every route got two Ajv instances of its own, each compiling the formats and
 * every component schema again (their share of the heap after start-up: docs/performance.md,
 * "Figures behind design choices"). The pool is the process's: a second app in the same process
 * (the monitoring port's, or a test file's next one) compiles nothing it already has.
 */
const pool = new Map<string, ValidatorCompiler>();

export function validatorCompilersFactory() {
  return {
    // Fastify's declared factory type is Ajv's own compile signature; the runtime contract is the
    // route-schema compiler built here.
    buildValidator: ((externalSchemas: Record<string, unknown>) => {
      const key = JSON.stringify(externalSchemas);
      let compiler = pool.get(key);
      if (!compiler) {
        compiler = buildValidatorCompiler(externalSchemas);
        pool.set(key, compiler);
      }
      return compiler;
    }) as unknown as NonNullable<
      NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
    >['buildValidator'],
  };
}
