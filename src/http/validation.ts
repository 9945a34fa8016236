// Two Ajv instances: request bodies are validated strictly (no type coercion: "5" is not a number,
// unknown fields are rejected, never silently dropped), while query strings and path parameters,
// which arrive as text, are coerced to the schema's types.
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// ajv-formats ships CommonJS; its `default` property is the plugin under both module systems.
const addFormats = addFormatsModule.default;

const common: Options = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false };

function make(coerce: boolean): Ajv {
  const ajv = new Ajv({ ...common, coerceTypes: coerce ? 'array' : false });
  addFormats(ajv);
  return ajv;
}

export function installValidators(app: FastifyInstance): void {
  const strict = make(false);
  const coercing = make(true);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema) as ReturnType<Parameters<FastifyInstance['setValidatorCompiler']>[0]>;
  });
}
