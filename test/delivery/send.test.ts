// test-runner: store-independent
// One POST of a delivery (deliverySend) against a real local receiver: what it makes of the answer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseCidrList } from '../../src/delivery/address-policy.ts';
import { createDeliveryAgent, deliverySend, RESPONSE_BODY_CAP } from '../../src/delivery/send.ts';

const HUGE_MAX = 1024 * 1024 * 1024;

describe('deliverySend', () => {
  const huge = { written: 0, cut: Promise.resolve(false) };
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/ok': (_req, res) => res.end('ok'),
    '/busy': (_req, res) => res.writeHead(503, { 'retry-after': '7' }).end(),
    // A body of up to 1 GiB, written as fast as the client reads it: how much went out, and
    // whether the client hung up before the end.
    '/huge': (_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(RESPONSE_BODY_CAP, 'x');
      huge.written = 0;
      huge.cut = new Promise((resolve) => res.on('close', () => resolve(!res.writableFinished)));
      const pump = () => {
        while (huge.written < HUGE_MAX && !res.destroyed) {
          huge.written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    },
    '/silent': () => {},
    '/dawdle': (_req, res) => {
      res.writeHead(202);
      res.write('x');
    },
  };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => routes[req.url!]!(req, res));
  });
  const agent = createDeliveryAgent({ allowed: parseCidrList(['127.0.0.0/8']), timeoutMs: 400 });
  let base = '';
  const send = (path: string) =>
    deliverySend(agent, {
      url: `${base}${path}`,
      headers: { 'content-type': 'application/json' },
      body: '{}',
      timeoutMs: 400,
    });

  before(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await agent.close().catch(() => {});
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('a 2xx is a success with no error', async () => {
    const r = await send('/ok');
    assert.equal(r.status, 200);
    assert.equal(r.error, undefined);
  });

  it('a 503 keeps its Retry-After', async () => {
    const r = await send('/busy');
    assert.deepEqual([r.status, r.error, r.retryAfter], [503, 'HTTP 503', '7']);
  });

  it('an answer with a body far over the cap is judged by its status, without reading it all', async () => {
    const r = await send('/huge');
    assert.deepEqual([r.status, r.error], [200, undefined]);
    // The connection was dropped past the cap: the receiver never got to the end of its body
    // (what it wrote beyond the cap sat in socket buffers, a few MiB at most, never 1 GiB).
    assert.equal(await huge.cut, true);
    assert.ok(huge.written < HUGE_MAX / 8, `${huge.written} bytes written`);
  });

  it('no answer within the deadline is a timeout', async () => {
    const r = await send('/silent');
    assert.deepEqual([r.status, r.error], [undefined, 'timeout']);
    assert.ok(r.durationMs >= 390, String(r.durationMs));
  });

  it('a status in time with a body still trickling at the deadline counts as that status', async () => {
    const r = await send('/dawdle');
    assert.deepEqual([r.status, r.error], [202, undefined]);
  });

  it('a URL that cannot be parsed is an error, not a throw', async () => {
    const r = await deliverySend(agent, { url: 'not a url', headers: {}, body: '{}', timeoutMs: 400 });
    assert.equal(r.status, undefined);
    assert.ok(r.error);
  });
});

describe('deliverySend over HTTPS (one TLS context per agent)', () => {
  const tls = join(import.meta.dirname, '..', 'fixtures', 'tls');
  const server = createHttpsServer(
    { cert: readFileSync(join(tls, 'receiver.crt')), key: readFileSync(join(tls, 'receiver.key')) },
    (req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    },
  );
  const allowed = parseCidrList(['127.0.0.0/8']);
  // Trusts the test CA; the second trusts only the system store, which does not hold it.
  const trusting = createDeliveryAgent({ allowed, timeoutMs: 2000, ca: readFileSync(join(tls, 'ca.crt')) });
  const system = createDeliveryAgent({ allowed, timeoutMs: 2000 });
  let port = 0;
  const send = (agent: typeof trusting) =>
    deliverySend(agent, {
      // The certificate names localhost: the name checked is the URL's, the address is loopback.
      url: `https://localhost:${port}/hook`,
      headers: { 'content-type': 'application/json' },
      body: '{}',
      timeoutMs: 2000,
    });

  before(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    await Promise.all([trusting.close(), system.close()]).catch(() => {});
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('a receiver whose certificate chains to the trusted CA is reached, four at once', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => send(trusting)));
    assert.deepEqual(
      results.map((r) => [r.status, r.error]),
      Array.from({ length: 4 }, () => [200, undefined]),
    );
  });

  it('a certificate the agent does not trust is a failure, and nothing is sent', async () => {
    let requests = 0;
    server.on('request', () => requests++);
    const r = await send(system);
    assert.equal(r.status, undefined);
    assert.ok(r.error, 'an error is named');
    assert.equal(requests, 0);
  });
});
