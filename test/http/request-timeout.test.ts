// LATCHKEY_REQUEST_TIMEOUT_MS on a real socket: a body trickled slower than the limit is cut off
// (408 and the connection closed); a request that arrives in time is served.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const TIMEOUT_MS = 400;
let t: TestApp;
let port: number;
before(async () => {
  t = await startTestApp({ LATCHKEY_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
after(() => t.close());

/**
 * Sends the headers of a 1,000-byte body, then one byte every 100 ms, until the server closes the
 * connection or `give up` bytes have been sent (far beyond the limit: the test then fails).
 */
function trickle(giveUpAfterBytes: number): Promise<{ answer: string; bytesSent: number; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearInterval(timer);
      socket.destroy();
      resolve({ answer, bytesSent, closed });
    };
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', () => {
      socket.write(
        'POST /oauth2/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      timer = setInterval(() => {
        if (bytesSent >= giveUpAfterBytes) return finish(false);
        bytesSent += 1;
        socket.write(' ');
      }, 100);
    });
  });
}

describe('request timeout', () => {
  it('closes a connection whose body trickles in slower than LATCHKEY_REQUEST_TIMEOUT_MS', async () => {
    // 100 bytes at 100 ms each is 10 s, 25 × the limit: the server must cut in long before.
    const r = await trickle(100);
    assert.ok(r.closed, `still open after ${r.bytesSent} bytes over ${r.bytesSent * 100} ms`);
    assert.match(r.answer, /^HTTP\/1\.1 408 /);
    assert.ok(r.bytesSent < 100);
  });

  it('serves a request that arrives in time, and the process stays healthy', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    assert.equal(res.status, 200);
    const tok = await fetch(`http://127.0.0.1:${port}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    assert.equal(tok.status, 400);
    await tok.body?.cancel();
  });
});
