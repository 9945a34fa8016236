// test-runner: store-independent
// request.log: made on first use (lazyChildLogger), yet every line it writes carries the request id
// and goes through redaction, like Fastify's own per-request child. The request line: its fields,
// secret-looking query values and phone numbers masked.
import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import Fastify from 'fastify';
import {
  createLoggers,
  installRequestLog,
  lazyChildLogger,
  requestId,
  safeUrl,
} from '../../src/http/logging.ts';

test("a request's logger writes with the request id, redacted, also through its children", async () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  const { logger } = createLoggers('info', stream);
  // Loggers made by child(), counted (pino's children inherit the counting method).
  let children = 0;
  const child = logger.child;
  logger.child = function (this: typeof logger, ...a: Parameters<typeof child>) {
    children++;
    return child.apply(this, a);
  };
  const app = Fastify({
    loggerInstance: logger,
    genReqId: requestId,
    childLoggerFactory: lazyChildLogger,
    disableRequestLogging: true,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/talk', async (request) => {
    assert.equal(request.log.level, 'info');
    request.log.debug('below the level');
    request.log.info({ body: { client_secret: 'lk_secret_hidden' } }, 'hello');
    request.log.child({ part: 'inner' }).warn('nested');
    return { ok: true };
  });
  await app.ready();
  const atStart = children; // Fastify's own, made while it starts
  await app.inject({ url: '/quiet', headers: { 'x-request-id': 'req-quiet' } });
  assert.equal(lines.length, 0, 'a request that logs nothing writes nothing');
  assert.equal(children - atStart, 0, 'nor makes a logger');
  await app.inject({ url: '/talk', headers: { 'x-request-id': 'req-talk' } });
  assert.equal(children - atStart, 2, "the request's logger, and the child made from it");
  await app.close();
  assert.deepEqual(
    lines.map((l) => [l.msg, l.reqId, (l.body as { client_secret?: string })?.client_secret, l.part]),
    [
      ['hello', 'req-talk', '****', undefined],
      ['nested', 'req-talk', undefined, 'inner'],
    ],
  );
});

test('the request line is a pino line: its fields, with secrets in the query masked; none above info', async () => {
  const run = async (level: string) => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        cb();
      },
    });
    const app = Fastify({ genReqId: requestId, disableRequestLogging: true });
    installRequestLog(app, createLoggers(level, stream).requestLine);
    app.get('/*', async () => ({ ok: true }));
    await app.inject({
      url: '/a%22b?client_secret=lk_secret_x&q=%0A',
      headers: { 'x-request-id': 'req-"1"' },
    });
    await app.close();
    return lines;
  };
  const [line, ...more] = await run('info');
  assert.equal(more.length, 0);
  const l = JSON.parse(line!);
  assert.deepEqual(Object.keys(l), [
    'level',
    'time',
    'pid',
    'hostname',
    'reqId',
    'method',
    'url',
    'status',
    'ms',
    'msg',
  ]);
  assert.equal(l.level, 30);
  assert.ok(Math.abs(l.time - Date.now()) < 60_000);
  assert.deepEqual([l.pid, l.hostname], [process.pid, hostname()]);
  // 'req-"1"' is no valid request id: a fresh one is made.
  assert.match(l.reqId, /^[0-9a-f-]{36}$/);
  assert.deepEqual(
    [l.method, l.url, l.status, l.msg],
    ['GET', '/a%22b?client_secret=****&q=%0A', 200, 'request'],
  );
  assert.equal(typeof l.ms, 'number');
  assert.deepEqual(await run('warn'), []);
});

test('phone numbers in paths and queries are masked in the request line, URL-encoded or not', async () => {
  const P = '/v2/projects/01936b2e-8d6e-7f70-9a1b-2c3d4e5f6a7b';
  const cases: [string, string][] = [
    [`${P}/managed-users/%2B4799887766`, `${P}/managed-users/%2B****`],
    [`${P}/managed-users/%2b4799887766/keys`, `${P}/managed-users/%2b****/keys`],
    [`${P}/managed-users/+4799887766`, `${P}/managed-users/+****`],
    [`${P}/logs/access?appUserId=%2B4799887766&limit=50`, `${P}/logs/access?appUserId=%2B****&limit=50`],
    [`${P}/logs/access?appUserId=+4799887766`, `${P}/logs/access?appUserId=+****`],
    // The longest E.164 number, and a number beside a secret-named value in the same query.
    ['/admin/v1/app-users/%2B123456789012345', '/admin/v1/app-users/%2B****'],
    [
      `${P}/logs/access?appUserId=%2B4799887766&access_token=x`,
      `${P}/logs/access?appUserId=%2B****&access_token=****`,
    ],
    // Not phone numbers: left as they are.
    [
      `${P}/logs/access?from=2026-11-24T10:00:00+01:00&limit=100`,
      `${P}/logs/access?from=2026-11-24T10:00:00+01:00&limit=100`,
    ],
    [`${P}/locks/01936b2e-8d6e-7f70-9a1b-2c3d4e5f6a7c`, `${P}/locks/01936b2e-8d6e-7f70-9a1b-2c3d4e5f6a7c`],
    [`${P}/locks?name=a%2Fb+c`, `${P}/locks?name=a%2Fb+c`],
  ];
  for (const [url, logged] of cases) assert.equal(safeUrl(url), logged, url);

  // Through a real request line.
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  const app = Fastify({ genReqId: requestId, disableRequestLogging: true });
  installRequestLog(app, createLoggers('info', stream).requestLine);
  app.get('/*', async () => ({ ok: true }));
  await app.inject({ url: `${P}/managed-users/%2B4799887766?appUserId=%2B4791234567` });
  await app.close();
  assert.equal(lines.length, 1);
  assert.equal(JSON.parse(lines[0]!).url, `${P}/managed-users/%2B****?appUserId=%2B****`);
  assert.doesNotMatch(lines[0]!, /4799887766|4791234567/);
});
