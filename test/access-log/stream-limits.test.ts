// Open streams are bounded per API client (over all its projects) and per source address, in each
// process, besides per project (stream.test.ts): beyond a limit a new stream is 429 with
// Retry-After, the open ones go on, and closing one frees its place. Every 127/8 address is
// loopback on Linux, so connections from 127.0.0.2… are other source addresses.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, getToken, type Tenant } from '../helpers/factories.ts';
import type { SseStream } from '../helpers/sse.ts';
import { openStream } from '../helpers/streams.ts';

let t: TestApp;
let base: string;

before(async () => {
  t = await startTestApp({ LATCHKEY_STREAMS_PER_CLIENT: '3', LATCHKEY_STREAMS_PER_ADDRESS: '5' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => t.close());

/** A second project of the tenant's organization, with a token of the same client. */
async function secondProject(x: Tenant): Promise<Pick<Tenant, 'projectId' | 'projectToken'>> {
  const p = await t.call('POST', `/v2/organization/${x.organizationId}/projects`, {
    token: x.orgToken,
    body: { name: 'Annex' },
  });
  assert.equal(p.status, 201);
  const projectId = p.body.project.id as string;
  const projectToken = await getToken(t, {
    client_id: x.clientId,
    client_secret: x.clientSecret,
    scope: 'project.admin',
    project_id: projectId,
  });
  return { projectId, projectToken };
}

function assertRefused(s: SseStream, variable: string): void {
  assert.equal(s.status, 429);
  assert.equal(s.headers['retry-after'], '5');
  assert.match(String(s.headers['content-type']), /^application\/problem\+json/);
  assert.match(s.body.detail, new RegExp(variable));
}

/** Closes a stream and waits until the server has counted it out. */
async function closeAndWait(s: SseStream): Promise<void> {
  const open = t.ctx.accessEventStreams.size;
  s.close();
  while (t.ctx.accessEventStreams.size >= open) await new Promise((r) => setImmediate(r));
}

describe('stream limits per client and per address', () => {
  it('an API client has at most LATCHKEY_STREAMS_PER_CLIENT over all its projects', async () => {
    const x = await createTenant(t, 'Client cap');
    const annex = await secondProject(x);
    const other = await createTenant(t, 'Other client');
    const from = { localAddress: '127.0.0.2' };
    const held = [
      await openStream(base, x, from),
      await openStream(base, x, from),
      await openStream(base, annex, from),
    ];
    try {
      for (const s of held) assert.equal(s.status, 200);
      assertRefused(await openStream(base, annex, from), 'LATCHKEY_STREAMS_PER_CLIENT');
      assertRefused(await openStream(base, x, { localAddress: '127.0.0.3' }), 'LATCHKEY_STREAMS_PER_CLIENT');
      const theirs = await openStream(base, other, from);
      assert.equal(theirs.status, 200, 'another client is not affected');
      theirs.close();
      await closeAndWait(held.shift()!);
      const again = await openStream(base, annex, from);
      assert.equal(again.status, 200, 'a closed stream frees its place');
      held.push(again);
    } finally {
      for (const s of held) s.close();
    }
  });

  it('a source address has at most LATCHKEY_STREAMS_PER_ADDRESS', async () => {
    const clients = [
      await createTenant(t, 'One'),
      await createTenant(t, 'Two'),
      await createTenant(t, 'Three'),
    ];
    const from = { localAddress: '127.0.0.4' };
    const held: SseStream[] = [];
    try {
      for (const x of [clients[0]!, clients[0]!, clients[0]!, clients[1]!, clients[1]!])
        held.push(await openStream(base, x, from));
      for (const s of held) assert.equal(s.status, 200);
      assertRefused(await openStream(base, clients[2]!, from), 'LATCHKEY_STREAMS_PER_ADDRESS');
      const elsewhere = await openStream(base, clients[2]!, { localAddress: '127.0.0.5' });
      assert.equal(elsewhere.status, 200, 'another address is not affected');
      held.push(elsewhere);
      await closeAndWait(held.shift()!);
      const again = await openStream(base, clients[2]!, from);
      assert.equal(again.status, 200, 'a closed stream frees its place');
      held.push(again);
    } finally {
      for (const s of held) s.close();
    }
  });
});
