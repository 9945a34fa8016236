// API answers of at least COMPRESS_MIN_BYTES are compressed when the client accepts it (brotli
// first, then gzip), decode to exactly the JSON that an uncompressed request gets, and say
// `Vary: Accept-Encoding`. Small answers (tokens), clients that accept no coding, and streams are
// sent as they are.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES, chooseEncoding } from '../../src/http/compression.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { createLock } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
before(async () => {
  t = await startTestApp();
  a = await createTenant(t);
  // Enough locks that the list is well above the threshold.
  for (let i = 0; i < 30; i++) await createLock(t, a, { name: `Door ${i}`, address: `Street ${i}` });
});
after(() => t.close());

const list = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/v2/projects/${a.projectId}/locks?limit=100`,
    headers: {
      authorization: `Bearer ${a.projectToken}`,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

describe('compression of API answers', () => {
  it('chooses brotli, then gzip, and honours q=0 (RFC 9110)', () => {
    assert.equal(chooseEncoding(undefined), undefined);
    assert.equal(chooseEncoding('identity'), undefined);
    assert.equal(chooseEncoding('gzip, deflate, br'), 'br');
    assert.equal(chooseEncoding('gzip'), 'gzip');
    assert.equal(chooseEncoding('br;q=0, gzip;q=0.5'), 'gzip');
    assert.equal(chooseEncoding('BR'), 'br');
    assert.equal(chooseEncoding('gzip;q=0'), undefined);
  });

  it('sends a large list compressed, decoding to the same JSON', async () => {
    const plain = await list();
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.rawPayload.length >= COMPRESS_MIN_BYTES, `${plain.rawPayload.length} bytes`);
    assert.equal(plain.headers.vary, 'accept-encoding');

    const br = await list('gzip, deflate, br');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'accept-encoding');
    const fromBr = brotliDecompressSync(br.rawPayload);
    assert.deepEqual(JSON.parse(fromBr.toString()), JSON.parse(plain.payload));
    assert.ok(
      br.rawPayload.length * 3 < plain.rawPayload.length,
      `${br.rawPayload.length} vs ${plain.rawPayload.length}`,
    );

    const gz = await list('gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(gunzipSync(gz.rawPayload).toString()), JSON.parse(plain.payload));
  });

  it('leaves small answers, such as a token, as they are', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/v2/auth/token/',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      payload: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: a.clientId,
        client_secret: a.clientSecret,
        scope: 'project.admin',
        project_id: a.projectId,
      }),
    });
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers['content-encoding'], undefined);
    assert.ok(r.rawPayload.length < COMPRESS_MIN_BYTES, `a token answer is ${r.rawPayload.length} bytes`);
    assert.ok(r.json().access_token);
  });

  it('never compresses a stream', async () => {
    const stream = await t.app.inject({
      method: 'GET',
      url: `/v2/projects/${a.projectId}/logs/access/stream`,
      headers: {
        authorization: `Bearer ${a.projectToken}`,
        'accept-encoding': 'br',
        accept: 'text/event-stream',
      },
      payloadAsStream: true,
    });
    assert.equal(stream.statusCode, 200);
    assert.equal(stream.headers['content-encoding'], undefined);
    stream.stream().destroy();
  });
});
