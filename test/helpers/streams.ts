// Tenants that accept access events, and live streams of them, for the stream tests.
import assert from 'node:assert/strict';
import type { TestApp } from './app.ts';
import { appToken, ev, keyInsert, lockInsert, newPhone, upload } from './events.ts';
import { createTenant, type Tenant } from './factories.ts';
import { openSse, type SseStream } from './sse.ts';

export interface StreamTenant extends Tenant {
  keyId: string;
  /** An app token of the key's holder, to upload events. */
  app: string;
}

export async function streamTenant(t: TestApp, name: string): Promise<StreamTenant> {
  const tenant = await createTenant(t, name);
  const phone = newPhone();
  const lockId = await lockInsert(t, tenant.projectId, { name: `${name} door` });
  const keyId = await keyInsert(t, { projectId: tenant.projectId, lockId, appUserId: phone });
  return { ...tenant, keyId, app: await appToken(t, phone) };
}

/** Uploads `n` events of the tenant's key (through the test app) and returns their ids. */
export async function accept(t: TestApp, x: StreamTenant, n = 1): Promise<string[]> {
  const events = Array.from({ length: n }, () => ev(x.keyId));
  for (let i = 0; i < events.length; i += 1000) {
    const part = events.slice(i, i + 1000);
    const r = await upload(t, x.app, part);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.ok(
      r.body.results.every((e: { status: string }) => e.status === 'accepted'),
      JSON.stringify(r.body.results.slice(0, 3)),
    );
  }
  return events.map((e) => e.id);
}

export const streamPath = (x: Pick<Tenant, 'projectId'>, q = '') =>
  `/v2/projects/${x.projectId}/logs/access/stream${q}`;

export function openStream(
  base: string,
  x: Pick<Tenant, 'projectId' | 'projectToken'>,
  o: { token?: string; headers?: Record<string, string>; query?: string; localAddress?: string } = {},
): Promise<SseStream> {
  return openSse(
    base,
    streamPath(x, o.query),
    { authorization: `Bearer ${o.token ?? x.projectToken}`, ...o.headers },
    o.localAddress,
  );
}

/** Resolves when the server has no open stream of the project (it has seen the disconnects). */
export async function streamsGone(
  ctx: { accessEventStreams: { count(projectId: string): number } },
  projectId: string,
): Promise<void> {
  while (ctx.accessEventStreams.count(projectId) > 0) await new Promise((r) => setImmediate(r));
}
