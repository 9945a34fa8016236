// JSON log lines with a request id. One line per request (on response), not two: at the token
// endpoint's rates logging is a measurable share of the CPU (docs/performance.md). Secrets never reach the log: no bodies or headers are
// logged, query values whose names look secret are masked, and pino redaction covers the rest.
// Phone numbers in paths and queries are masked too.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';

/**
 * Log lines waiting for stdout beyond this are dropped (counted by sonic-boom's 'drop' event): a
 * reader that stops reading must not grow the process's memory without bound.
 */
const LOG_BUFFER_MAX_BYTES = 16 * 1024 * 1024;

/** Log lines are written once this many bytes wait (about 25 request lines) ... */
const LOG_WRITE_AT_BYTES = 4096;
/** ... or after this long, whichever comes first. */
const LOG_FLUSH_MS = 100;

/**
 * stdout, written asynchronously and in batches: pino's default writes every line synchronously,
 * one system call each, and one asynchronous write per line still costs a thread-pool round trip
 * each (their share of a token grant is in docs/performance.md). Lines wait at most
 * LOG_FLUSH_MS; those still waiting are written when the process exits.
 */
function stdoutDestination() {
  return pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_WRITE_AT_BYTES,
    periodicFlush: LOG_FLUSH_MS,
    maxLength: LOG_BUFFER_MAX_BYTES,
  });
}

const SECRET_NAME = /secret|token|password|passwd|code|key|authorization/i;

/**
 * A phone number as it appears in a path or a query: `+` or its escape `%2B`, then 7 or more digits
 * (E.164 has 7 to 15; longer runs are masked too). Erasure cannot reach log files, so numbers never
 * go there: `/managed-users/%2B****`.
 */
const PHONE = /(\+|%2[Bb])\d{7,}/g;

/** The URL as the request line logs it: secret-looking query values and phone numbers masked. */
export function safeUrl(url: string): string {
  const masked = maskSecretQuery(url);
  // Most URLs hold neither a plus sign nor an escape starting %2: two scans, no regex.
  if (masked.indexOf('+') < 0 && masked.indexOf('%2') < 0) return masked;
  return masked.replace(PHONE, '$1****');
}

function maskSecretQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  // Parsing and writing the query again costs several times the rest of the line: only when a
  // name may be secret-looking (escapes decoded first: `%63ode` is `code`).
  let query = url.slice(q + 1);
  if (query.indexOf('%') >= 0) {
    try {
      query = decodeURIComponent(query);
    } catch {
      query = 'key'; // a malformed escape: let URLSearchParams read it as it can
    }
  }
  if (!SECRET_NAME.test(query)) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const k of [...params.keys()]) if (SECRET_NAME.test(k)) params.set(k, '****');
  return `${url.slice(0, q)}?${params.toString()}`;
}

export const REDACT_PATHS = [
  'req.headers.authorization',
  'headers.authorization',
  '*.authorization',
  '*.client_secret',
  '*.clientSecret',
  '*.access_token',
  '*.password',
  '*.secret',
  '*.code',
];

export interface Loggers {
  /** The process's logger (Fastify's `loggerInstance`), with redaction. */
  logger: FastifyBaseLogger;
  /** Writes the one line per request, to the same destination. */
  requestLine: RequestLineWriter;
}

/** What the line written for every request holds (no secret: the URL's query is masked). */
export interface RequestLine {
  reqId: string;
  method: string;
  url: string;
  status: number;
  ms: number;
}

export type RequestLineWriter = (line: RequestLine) => void;

export function createLoggers(level: string, stream?: NodeJS.WritableStream): Loggers {
  const destination = stream ?? stdoutDestination();
  const logger = pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '****' },
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: safeUrl(req.url) }),
      },
    },
    destination,
  );
  return { logger, requestLine: requestLineWriter(level, destination) };
}

const INFO = pino.levels.values.info!;

/**
 * The request line, in pino's format (level, time, pid, hostname, the fields, msg), written as one
 * template: its fields are fixed and hold no secret, and a pino logger spends on every line what
 * they do not need (serializer lookup, redaction's walk, generic JSON; docs/performance.md). Strings go through JSON.stringify, which escapes whatever
 * a request id or URL may hold.
 */
function requestLineWriter(level: string, destination: { write(s: string): unknown }): RequestLineWriter {
  const value = pino.levels.values[level];
  if (value === undefined || value > INFO) return () => {};
  const after = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;
  return (l) => {
    destination.write(
      `{"level":${INFO},"time":${Date.now()}${after}${JSON.stringify(l.reqId)},"method":${JSON.stringify(l.method)},"url":${JSON.stringify(l.url)},"status":${l.status},"ms":${l.ms},"msg":"request"}\n`,
    );
  };
}

export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.:-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

// The request hooks take a callback rather than returning a promise: they run on every request,
// and an async hook costs a promise and a microtask each time.
export function installRequestLog(app: FastifyInstance, requestLine: RequestLineWriter): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    requestLine({
      reqId: request.id,
      method: request.method,
      url: safeUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    });
    done();
  });
}

/**
 * A request's logger (`request.log`), made when the request first logs something. Fastify makes a
 * child logger per request for its request id; with redaction configured, pino's child() runs the
 * redaction over the child's bindings for each one (a share of a grant: docs/performance.md),
 * while nearly all requests log nothing through it (the request line is written by
 * installRequestLog).
 */
class LazyChildLogger {
  // Defined on the prototype below, each handing its call to the real child.
  declare silent: FastifyBaseLogger['silent'];
  declare trace: FastifyBaseLogger['trace'];
  declare debug: FastifyBaseLogger['debug'];
  declare info: FastifyBaseLogger['info'];
  declare warn: FastifyBaseLogger['warn'];
  declare error: FastifyBaseLogger['error'];
  declare fatal: FastifyBaseLogger['fatal'];
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }
  get level(): string {
    return this.real.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

for (const name of ['silent', 'trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
  LazyChildLogger.prototype[name] = function (this: LazyChildLogger, ...a: unknown[]) {
    (this.real[name] as (...a: unknown[]) => void)(...a);
  };
}

/** Fastify's `childLoggerFactory`: a request's logger, made on first use. */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(parent, bindings, options);
}
