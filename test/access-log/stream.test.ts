// GET /v2/projects/{projectId}/logs/access/stream: accepted events live, in order, resumable by
// Last-Event-ID with nothing missed, across app instances on one PostgreSQL database.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { createContext } from '../../src/context.ts';
import { openPgStore } from '../../src/db/pg-store.ts';
import { eventsInsert } from '../../src/resources/app/event-queries.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { appToken, ev, keyInsert, lockInsert, newPhone, upload } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { openSse, type SseStream } from '../helpers/sse.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';

let t: TestApp;
let base: string;
let a: Tenant;
let b: Tenant;
let lock1: string;
let lock2: string;
let key1: string;
let key2: string;
let app: string;

before(async () => {
  t = await startTestApp({ LATCHKEY_STREAM_HEARTBEAT_MS: '200', LATCHKEY_STREAM_MAX_PER_PROJECT: '3' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await createTenant(t, 'Streamer');
  b = await createTenant(t, 'Other');
  const phone = newPhone();
  lock1 = await lockInsert(t, a.projectId, { name: 'Gate' });
  lock2 = await lockInsert(t, a.projectId, { name: 'Garage' });
  key1 = await keyInsert(t, { projectId: a.projectId, lockId: lock1, appUserId: phone });
  key2 = await keyInsert(t, { projectId: a.projectId, lockId: lock2, appUserId: phone });
  app = await appToken(t, phone);
});
after(() => t.close());

const path = (q = '', tenant = a) => `/v2/projects/${tenant.projectId}/logs/access/stream${q}`;
const open = (q = '', headers: Record<string, string> = {}, tenant = a) =>
  openSse(base, path(q, tenant), { authorization: `Bearer ${tenant.projectToken}`, ...headers });
const accepted = async (events: ReturnType<typeof ev>[]) => {
  const r = await upload(t, app, events);
  assert.deepEqual(
    r.body.results.map((x: { status: string }) => x.status),
    events.map(() => 'accepted'),
  );
  return events.map((e) => e.id);
};
const ids = (s: SseStream, n: number) => s.waitEvents(n).then((evs) => evs.map((e) => e.id));

describe('GET /v2/projects/{projectId}/logs/access/stream', () => {
  it('streams each accepted event, in order, as the access-log item', async () => {
    const s = await open();
    try {
      assert.equal(s.status, 200);
      assert.match(String(s.headers['content-type']), /^text\/event-stream/);
      const first = await accepted([ev(key1), ev(key2, { action: 'locked' }), ev(key1)]);
      const second = await accepted([ev(key2)]);
      const got = await s.waitEvents(4);
      assert.deepEqual(
        got.map((e) => e.id),
        [...first, ...second],
      );
      assert.ok(got.every((e) => e.event === 'accessEvent'));
      const log = await t.call('GET', `/v2/projects/${a.projectId}/logs/access`, { token: a.projectToken });
      for (const e of got) {
        const item = log.body.accessEvents.find((x: { id: string }) => x.id === e.id);
        assert.deepEqual(JSON.parse(e.data), item);
      }
    } finally {
      s.close();
    }
  });

  it('filters by lockId and never shows another project’s events', async () => {
    const gate = await open(`?lockId=${lock1}`);
    const other = await open('', {}, b);
    try {
      const [, mine] = await accepted([ev(key2), ev(key1)]);
      assert.deepEqual(await ids(gate, 1), [mine]);
      await accepted([ev(key1)]);
      await gate.waitEvents(2);
      assert.ok(gate.events.every((e) => JSON.parse(e.data).lockId === lock1));
      assert.equal(other.events.length, 0);
    } finally {
      gate.close();
      other.close();
    }
  });

  it('resumes after Last-Event-ID (header or query) with nothing missed or repeated', async () => {
    const s = await open();
    const [e1, e2] = await accepted([ev(key1), ev(key2)]);
    assert.deepEqual(await ids(s, 2), [e1, e2]);
    s.close();
    const missed = await accepted([ev(key1), ev(key2), ev(key1)]);
    const resumed = await open('', { 'last-event-id': e1! });
    const byQuery = await open(`?lastEventId=${e2}`);
    try {
      assert.deepEqual(await ids(resumed, 4), [e2, ...missed]);
      assert.deepEqual(await ids(byQuery, 3), missed);
      const live = await accepted([ev(key2)]);
      assert.deepEqual(await ids(resumed, 5), [e2, ...missed, ...live]);
      assert.deepEqual(await ids(byQuery, 4), [...missed, ...live]);
    } finally {
      resumed.close();
      byQuery.close();
    }
  });

  it('shows each project only its own event when two projects accept the same event id', async () => {
    const phoneB = newPhone();
    const lockB = await lockInsert(t, b.projectId, { name: 'Theirs' });
    const keyB = await keyInsert(t, { projectId: b.projectId, lockId: lockB, appUserId: phoneB });
    const appB = await appToken(t, phoneB);
    const mine = await open();
    const theirs = await open('', {}, b);
    try {
      const [x] = await accepted([ev(key1)]);
      const y = ev(keyB);
      const r = await upload(t, appB, [ev(keyB, { id: x }), y]);
      assert.deepEqual(
        r.body.results.map((e: { status: string }) => e.status),
        ['accepted', 'accepted'],
        'upload ids are one namespace per project',
      );
      const [got] = await mine.waitEvents(1);
      assert.equal(got!.id, x);
      assert.equal(JSON.parse(got!.data).lockId, lock1);
      // Theirs has both, the one with our id included (the stream's order is per project too).
      const both = await theirs.waitEvents(2);
      assert.deepEqual(
        both.map((e) => e.id),
        [x, y.id],
      );
      assert.equal(JSON.parse(both[0]!.data).lockId, lockB);
      // A later event of ours arrives after; theirs never reaches our stream.
      const [z] = await accepted([ev(key2)]);
      assert.deepEqual(await ids(mine, 2), [x, z]);
      assert.ok(mine.events.every((e) => JSON.parse(e.data).lockId !== lockB));
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('refuses a Last-Event-ID it cannot resume from, an unknown lock, and wrong tokens', async () => {
    const malformed = await open('', { 'last-event-id': 'nope' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.invalidParams[0].name, 'Last-Event-ID');
    const unknown = await open('?lastEventId=0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b');
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.invalidParams[0].name, 'lastEventId');
    assert.match(unknown.body.invalidParams[0].reason, /reconnect without it/);
    const [theirs] = await accepted([ev(key1)]);
    assert.equal((await open('', { 'last-event-id': theirs! }, b)).status, 400, 'another project’s event');
    const otherLock = await lockInsert(t, b.projectId);
    assert.equal((await open(`?lockId=${otherLock}`)).status, 404);
    assert.equal((await openSse(base, path())).status, 401);
    assert.equal(
      (await openSse(base, path(), { authorization: `Bearer ${b.projectToken}` })).status,
      403,
      'another project’s token',
    );
  });

  it('writes a comment line at the configured interval', async () => {
    const s = await open();
    try {
      await s.waitComments(3); // the opening comment and two heartbeats
    } finally {
      s.close();
    }
  });

  it('bounds the open streams per project (429 with Retry-After) and frees the slot on disconnect', async () => {
    const open3 = [await open(), await open(), await open()];
    const metrics = { body: await t.ctx.metrics.registry.metrics() };
    assert.match(metrics.body, /^latchkey_access_event_streams_open 3$/m);
    const fourth = await open();
    assert.equal(fourth.status, 429);
    assert.equal(fourth.headers['retry-after'], '5');
    assert.match(fourth.body.detail, /LATCHKEY_STREAM_MAX_PER_PROJECT/);
    assert.equal((await open('', {}, b)).status, 200, 'other projects are not affected');
    open3[0]!.close();
    // The server sees the disconnect; then a stream opens again.
    for (;;) {
      if (t.ctx.accessEventStreams.count(a.projectId) < 3) break;
      await new Promise((r) => setImmediate(r));
    }
    const again = await open();
    assert.equal(again.status, 200);
    for (const s of [...open3, again]) s.close();
  });

  it('ends every stream when the server shuts down', async () => {
    const other = await startTestApp();
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const c = await createTenant(other, 'Closing');
    const s = await openSse(url, path('', c), { authorization: `Bearer ${c.projectToken}` });
    assert.equal(s.status, 200);
    await other.close();
    await s.ended;
  });

  it('orders by transaction: an event committed later by an older transaction is not skipped', {
    skip: !TEST_DATABASE_URL && 'needs concurrent transactions (PostgreSQL)',
    timeout: 30_000, // without the transaction horizon the older event never arrives
  }, async () => {
    const s = await open();
    try {
      // An older transaction inserts an event and stays open while a newer upload commits.
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let inserted!: () => void;
      const insertedP = new Promise<void>((r) => {
        inserted = r;
      });
      const olderId = crypto.randomUUID();
      const older = t.ctx.db.transaction(async (tx) => {
        await tx.query('SELECT pg_current_xact_id()');
        await eventsInsert(tx, [
          {
            id: olderId,
            projectId: a.projectId,
            lockId: lock1,
            keyId: key1,
            appUserId: '+4790000001',
            action: 'unlocked',
            created: new Date().toISOString(),
            lockName: 'Gate',
            userName: '',
            origin: 'integrator',
          },
        ]);
        inserted();
        await held;
      });
      await insertedP;
      const [newer] = await accepted([ev(key2)]);
      // The newer event waits for the older transaction: a client that saw it and resumed after
      // it would otherwise never see the older one.
      release();
      await older;
      assert.deepEqual(await ids(s, 2), [olderId, newer]);
    } finally {
      s.close();
    }
  });

  it('reaches a stream held by another app instance on the same database', {
    skip: !TEST_DATABASE_URL && 'two instances share a database only on PostgreSQL',
  }, async () => {
    const db2 = await openPgStore({ url: TEST_DATABASE_URL!, poolSize: 2, schema: t.store.schema });
    const ctx2 = await createContext(t.config, db2);
    const app2 = await buildApp(ctx2);
    try {
      const base2 = await app2.listen({ port: 0, host: '127.0.0.1' });
      const s2 = await openSse(base2, path(), { authorization: `Bearer ${a.projectToken}` });
      assert.equal(s2.status, 200);
      // Accepted by the first instance, streamed by the second.
      const sent = await accepted([ev(key1), ev(key2)]);
      assert.deepEqual(await ids(s2, 2), sent);
      s2.close();
      // Resumed on the first instance after an event the second one streamed.
      const more = await accepted([ev(key1)]);
      const s1 = await open('', { 'last-event-id': sent[0]! });
      assert.deepEqual(await ids(s1, 2), [sent[1], ...more]);
      s1.close();
    } finally {
      await app2.close();
      await ctx2.close();
      await db2.close();
    }
  });
});
