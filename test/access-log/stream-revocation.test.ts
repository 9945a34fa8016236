// An open live stream ends once its token stops being valid, whatever the reason (the grant
// removed, the secret rotated, the client deleted, the token expired), on every API process that
// holds one, with a comment line saying why; the next request with that token is 401. Two API
// processes share the store; each change is made through one of them, and the other learns of it
// only from the store. Token checks run every 100 ms here (LATCHKEY_STREAM_TOKEN_CHECK_MS); the
// time each stream took to end is reported (test diagnostics), not asserted.
import assert from 'node:assert/strict';
import { createPrivateKey } from 'node:crypto';
import { after, before, describe, it, type TestContext } from 'node:test';
import { SignJWT } from 'jose';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { type SecondApp, startSecondApp } from '../helpers/second-app.ts';
import type { SseStream } from '../helpers/sse.ts';
import { accept, openStream, type StreamTenant, streamTenant } from '../helpers/streams.ts';

let t: TestApp;
let baseA: string;
let b: SecondApp;
let bystander: StreamTenant;

before(async () => {
  t = await startTestApp({
    LATCHKEY_STREAM_TOKEN_CHECK_MS: '100',
    // Requests trust a check for 2 s, as by default: the streams must not wait for that.
    LATCHKEY_REVOCATION_CACHE_SECONDS: '2',
  });
  baseA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  b = await startSecondApp(t);
  bystander = await streamTenant(t, 'Bystander');
});
after(async () => {
  await b.close();
  await t.close();
});

/** Streams of the tenant on both processes (and the bystander's), live before the change. */
async function openBoth(x: StreamTenant, token = x.projectToken) {
  const streams = [await openStream(baseA, x, { token }), await openStream(b.base, x, { token })];
  for (const s of streams) assert.equal(s.status, 200);
  const [id] = await accept(t, x);
  for (const s of streams) assert.equal((await s.waitEvents(1))[0]!.id, id);
  return streams;
}

async function endedAfterChange(
  tc: TestContext,
  streams: SseStream[],
  change: () => Promise<void>,
  reason: string,
  at?: number,
): Promise<void> {
  const started = at ?? Date.now();
  await change();
  const ms = await Promise.all(streams.map((s) => s.ended.then(() => Date.now() - started)));
  tc.diagnostic(`streams ended ${ms.join(' ms and ')} ms after the token stopped being valid`);
  for (const s of streams) assert.equal(s.lastComment, reason);
}

/** The next request with the token is 401, on both processes, for the stream and another operation. */
async function refusedEverywhere(x: StreamTenant, token = x.projectToken): Promise<void> {
  for (const base of [baseA, b.base]) {
    const again = await openStream(base, x, { token });
    assert.equal(again.status, 401, `${base}: the stream again`);
    const r = await fetch(`${base}/v2/projects/${x.projectId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(r.status, 401, `${base}: another operation`);
  }
}

// Without the check, each would wait until the token expires (an hour): the timeout fails it.
const within = { timeout: 10_000 };

describe('revocation reaches open streams on every process', () => {
  it('a removed grant ends them; other clients’ streams go on', within, async (tc) => {
    const x = await streamTenant(t, 'Grant');
    const streams = await openBoth(x);
    const others = await openBoth(bystander);
    await endedAfterChange(
      tc,
      streams,
      async () => {
        const r = await t.call(
          'DELETE',
          `/v2/organization/${x.organizationId}/projects/${x.projectId}/api-permissions/${x.clientId}`,
          { token: x.orgToken },
        );
        assert.equal(r.status, 204);
      },
      'token no longer valid',
    );
    await refusedEverywhere(x);
    const [later] = await accept(t, bystander);
    for (const s of others) assert.equal((await s.waitEvents(2))[1]!.id, later);
    for (const s of others) s.close();
  });

  it('a rotated secret ends them', within, async (tc) => {
    const x = await streamTenant(t, 'Rotate');
    const streams = await openBoth(x);
    await endedAfterChange(
      tc,
      streams,
      async () => {
        // Through the second process this time.
        const r = await fetch(`${b.base}/admin/v1/clients/${x.clientId}/rotate-secret`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        assert.equal(r.status, 200);
      },
      'token no longer valid',
    );
    await refusedEverywhere(x);
  });

  it('a deleted client ends them', within, async (tc) => {
    const x = await streamTenant(t, 'Delete');
    const streams = await openBoth(x);
    await endedAfterChange(
      tc,
      streams,
      async () => {
        const r = await t.call('DELETE', `/admin/v1/clients/${x.clientId}`, { token: ADMIN_TOKEN });
        assert.equal(r.status, 204);
      },
      'token no longer valid',
    );
    await refusedEverywhere(x);
  });

  it('an expired token ends them, and opens no stream afterwards', within, async (tc) => {
    const x = await streamTenant(t, 'Expiry');
    // A real token of the client, signed by the service's key, that expires in two seconds.
    const now = Math.floor(Date.now() / 1000);
    const { kid, key } = t.ctx.signingKeys.signer();
    const token = await new SignJWT({
      iss: t.config.publicUrl,
      aud: t.config.publicUrl,
      sub: x.clientId,
      client_id: x.clientId,
      client_gen: 1,
      scope: 'project.admin',
      organization_id: x.organizationId,
      project_id: x.projectId,
      iat: now,
      exp: now + 2,
      jti: 'short-lived',
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid })
      .sign(createPrivateKey({ key: key.export({ format: 'jwk' }), format: 'jwk' }));
    const streams = await openBoth(x, token);
    await endedAfterChange(tc, streams, async () => {}, 'token expired', (now + 2) * 1000);
    // Requests allow 30 s of clock skew past `exp`; a stream does not open on an expired token.
    for (const base of [baseA, b.base])
      assert.equal((await openStream(base, x, { token })).status, 401, `${base}: the stream again`);
  });
});
