// The JSON body parser of every route (token endpoints and the app's event upload included): the
// nesting is checked before JSON.parse runs. A body of deeply nested `[` costs JSON.parse far more
// than a flat body of the same size (docs/performance.md), and it can be sent without any
// credential (the body of a token request is read before the client is known); no body the API
// takes nests deeper than a few levels. Past the check, the body is parsed as Fastify's own parser
// does (secure-json-parse: `__proto__` and `constructor.prototype` refused).
import type { FastifyInstance } from 'fastify';
import { problem } from './errors.ts';

/** The deepest nesting of objects and arrays a JSON body may have (the outermost value is level 1). */
export const JSON_MAX_DEPTH = 64;

/**
 * Whether JSON text nests objects and arrays deeper than `max`. One pass over the characters:
 * brackets inside strings do not count (a string is skipped with indexOf to its closing quote, an
 * escaped quote being one preceded by an odd run of backslashes). Malformed text is not judged here:
 * JSON.parse refuses it, and stops at its first error.
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // '"': jump to the quote that closes the string.
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i < 0) return false;
        let slashes = 0;
        while (text.charCodeAt(i - 1 - slashes) === 0x5c) slashes++;
        if ((slashes & 1) === 0) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      // '[' or '{'
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      // ']' or '}'
      depth--;
    }
  }
  return false;
}

/** Replaces the default `application/json` parser of `app` (and of the scopes registered after). */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDeeperThan(body as string, JSON_MAX_DEPTH)) {
      done(
        problem(
          'validation-error',
          `The JSON body nests objects and arrays more than ${JSON_MAX_DEPTH} levels deep; no request needs that many`,
        ),
        undefined,
      );
      return;
    }
    parse(request, body as string, done);
  });
}
