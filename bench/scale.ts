// A large deployment on one PostgreSQL (issue 27, goal 1): seeds a fresh database with
// bench/seed-scale.ts, then measures through the real HTTP API, in-process (buildApp/createContext,
// app.inject), the p50/p99 of the read operations with realistic filters, single writes, a
// 10,000-key batch, revoking by filter, GET /v2/app/keys of a user with 500 keys, erasing a user
// with ~20,000 events and access-log pages with each filter, all under a steady background of 200
// uploaded events per second (POST /v2/app/events, 10 uploads of 20 events). Tokens come from the
// real endpoints (POST /v2/auth/token/ for the integrator, POST /admin/v1/app-tokens for phones).
// Then table and index sizes per row beside a plain copy of the same columns (a heap, no indexes).
//
//   npm run bench:scale -- [--small] [--events N] [--rounds N] [--requests N] [--keep] [--reuse DB]
//                          [--event-ids v4|v7|both] [--waits] [--background N]
//   --small: a hundredth of the full size (a demo in about a minute); --events N: access events
//   (default 50,000,000, the goal); --keep: keep the database (named in the output); --reuse DB: skip
//   seeding and measure a kept database again (the master key is kept beside it, in the OS temp dir).
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; the
//   database itself is a new one, dropped at the end unless --keep (a --reuse database is never
//   dropped: drop it with `dropdb` when done). --event-ids: the uploaded events' ids, random (v4,
//   the default: what an app that calls randomUUID() sends) or UUIDv7 from the event's time (what
//   Latchkey's offline locks write, docs/credentials.md). Every new id is looked up in the project's
//   30-day id index (idempotency); random ids land on a random page of it, time-ordered ones on its
//   newest pages. `both`: uploads alternate between the two, timed apart, in the same run.
//   --waits: what the database's statements waited for during the measurements (pg_stat_activity
//   sampled every 50 ms; statements active for over 40 ms, by their first words and wait event).
//   --background N: uploaded events per second beside the measurements (default 200, the goal's;
//   0: none, to tell what a read costs alone from what sharing the machine with the uploads adds).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { relaunchWithFlags, startFlags } from '../scripts/build.mjs';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { migrate } from '../src/db/migrate.ts';
import { openStore } from '../src/db/open.ts';
import { uuidv7 } from '../src/ids.ts';
import type { StopJob } from '../src/periodic.ts';
import { retentionRun } from '../src/resources/access-log/retention.ts';
import { activityFoldJobStart } from '../src/resources/activity-summary/fold.ts';
import { fmt, PG_URL, table } from './lib.ts';
import { ERASE_USER, fullSize, KEYS_USER, type ScaleSize, seedScale, smallSize } from './seed-scale.ts';

// The service runs in this process, so this process runs with the service's V8 flags, as it ships
// (`npm start`): the 30-day summary's 99th percentile is set by garbage collections, whose pace
// those flags set. Under V8's defaults the bench measured a process configured unlike a deployment.
const missingFlags = relaunchWithFlags(startFlags());
if (missingFlags.length > 0)
  throw new Error(`run with node ${missingFlags.join(' ')} (this Node has no process.execve)`);

const { values: args } = parseArgs({
  options: {
    small: { type: 'boolean', default: false },
    events: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    requests: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    'event-ids': { type: 'string', default: 'v4' },
    waits: { type: 'boolean', default: false },
    background: { type: 'string', default: '200' },
  },
});
const ID_SHAPES =
  args['event-ids'] === 'both' ? (['v4', 'v7'] as const) : ([args['event-ids']] as ['v4' | 'v7']);
if (!ID_SHAPES.every((k) => k === 'v4' || k === 'v7')) throw new Error('--event-ids is v4, v7 or both');
const eventId = (shape: 'v4' | 'v7') => (shape === 'v7' ? uuidv7() : randomUUID());
const size: ScaleSize = { ...(args.small ? smallSize : fullSize) };
if (args.events) size.events = Number(args.events.replace(/_/g, ''));
const ROUNDS = Number(args.rounds);
const REQUESTS = Number(args.requests);
/** Uploaded events per second beside the measurements (uploads of 20). */
const BACKGROUND = Number(args.background);
if (!(BACKGROUND >= 0)) throw new Error('--background is events per second, 0 for none');
const ADMIN = randomBytes(24).toString('base64url');
/** Two digits in the phone numbers this run creates, so a --reuse run does not collide with an earlier one. */
const RUN = String(Math.floor(Math.random() * 100)).padStart(2, '0');

const dbName = args.reuse ?? `bench_scale_${randomBytes(4).toString('hex')}`;
const keyFile = join(tmpdir(), `latchkey-${dbName}.key`);
const masterKey = args.reuse ? readFileSync(keyFile, 'utf8') : randomBytes(32).toString('base64');
const dbUrl = (() => {
  const u = new URL(PG_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : Number.NaN;
const ms = (t0: number) => performance.now() - t0;

/**
 * --waits: samples the bench database's active statements every 50 ms until the returned function
 * is called, which gives the counts by statement (its first words) and wait event (CPU: none).
 */
function waitsSample(client: pg.Client, database: string): () => Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let running = true;
  const done = (async () => {
    while (running) {
      const { rows } = await client.query<{ k: string }>(
        `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 45) || E'\\t' ||
                coalesce(wait_event_type || ':' || wait_event, 'CPU') AS k
           FROM pg_stat_activity
          WHERE datname = $1 AND state = 'active' AND backend_type = 'client backend'
            AND pid <> pg_backend_pid() AND clock_timestamp() - query_start > interval '40 ms'`,
        [database],
      );
      for (const { k } of rows) counts.set(k, (counts.get(k) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    running = false;
    await done;
    return counts;
  };
}

async function main() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  if (!args.reuse) {
    await admin.query(`CREATE DATABASE ${dbName}`);
    writeFileSync(keyFile, masterKey, { mode: 0o600 });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-scale-'));
  const config = loadConfig({
    DATABASE_URL: dbUrl,
    LATCHKEY_MASTER_KEY: masterKey,
    LATCHKEY_DATA_DIR: dataDir,
    LATCHKEY_PUBLIC_URL: 'http://latchkey.test',
    LATCHKEY_ADMIN_TOKEN: ADMIN,
    LATCHKEY_LOG_LEVEL: 'warn',
    LATCHKEY_TOKEN_RATE_PER_CLIENT: '0',
    LATCHKEY_TOKEN_RATE_PER_IP: '0',
    LATCHKEY_WORKER: 'off',
  });
  const db = await openStore(config);
  const c = new pg.Client({ connectionString: dbUrl });
  let ctx: Awaited<ReturnType<typeof createContext>> | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const loadStart = loadavg()[0]!;
  let stopBackground = () => {};
  let stopFold: StopJob = async () => {};
  try {
    await migrate(db);
    await retentionRun(db, { retentionDays: config.accessLogRetentionDays });
    ctx = await createContext(config, db);
    app = await buildApp(ctx);
    await app.ready();
    await c.connect();
    let seedSeconds = 0;
    if (!args.reuse) {
      console.log(`seeding ${dbName}: ${JSON.stringify(size)}`);
      const t0 = performance.now();
      const secrets = Array.from({ length: size.webhooks }, () =>
        ctx!.keyring.encrypt(`whsec_${randomBytes(24).toString('base64')}`),
      );
      await seedScale(dbUrl, size, secrets);
      seedSeconds = ms(t0) / 1000;
      console.log(`seeded in ${seedSeconds.toFixed(0)} s`);
    }
    const loadSeeded = loadavg()[0]!;
    // The activity summary's counts kept up to date as in every process of a deployment.
    stopFold = activityFoldJobStart(ctx, app.log);
    const q = async <T = any>(sql: string, p: unknown[] = []) => (await c.query(sql, p)).rows as T[];
    // The data size the figures are for: counted before the measurements add their own rows.
    const counts = (
      await q(`SELECT (SELECT count(*) FROM locks) AS locks, (SELECT count(*) FROM keys) AS keys,
                      (SELECT count(*) FROM managed_users) AS users, (SELECT count(*) FROM access_events) AS events,
                      (SELECT count(*) FROM webhooks) AS webhooks, (SELECT count(*) FROM webhook_deliveries) AS deliveries`)
    )[0]!;
    const dataSize = `${fmt(Number(counts.locks))} locks, ${fmt(Number(counts.keys))} keys, ${fmt(Number(counts.users))} managed users, ${fmt(Number(counts.events))} access events, ${fmt(Number(counts.webhooks))} webhooks, ${fmt(Number(counts.deliveries))} deliveries`;
    const [{ project_id: projectId, organization_id: orgId }] = await q(
      `SELECT project_id, p.organization_id FROM locks l JOIN projects p ON p.id = l.project_id
        GROUP BY project_id, p.organization_id ORDER BY count(*) DESC LIMIT 1`,
    );

    /** The answer's body as text, once its status says it succeeded. */
    const answered = async (method: string, url: string, token: string, body?: unknown) => {
      const r = await app!.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
      return r.body;
    };
    const inject = async (method: string, url: string, token: string, body?: unknown) => {
      const text = await answered(method, url, token, body);
      return text ? JSON.parse(text) : undefined;
    };
    // The integrator's client and tokens, from the real endpoints.
    const client = await inject('POST', `/admin/v1/organizations/${orgId}/clients`, ADMIN, { name: 'bench' });
    const tokenOf = async (scope: string, resource: Record<string, string>) => {
      const r = await app!.inject({
        method: 'POST',
        url: '/v2/auth/token/',
        payload: {
          grant_type: 'client_credentials',
          client_id: client.client.id,
          client_secret: client.clientSecret,
          scope,
          ...resource,
        },
      });
      const t = r.json().access_token as string | undefined;
      if (!t) throw new Error(`token: ${r.statusCode} ${r.body}`);
      return t;
    };
    await inject('PUT', `/admin/v1/clients/${client.client.id}/grants`, ADMIN, {
      resourceType: 'project',
      resourceId: projectId,
      scope: 'project.admin',
    });
    const token = await tokenOf('project.admin', { project_id: projectId });
    const appToken = async (phone: string) =>
      (await inject('POST', '/admin/v1/app-tokens', ADMIN, { appUserId: phone })).access_token as string;

    // Samples the reads pick from at random: the big tenant's locks, users, keys and webhooks.
    const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)]!;
    const locks = (
      await q('SELECT id FROM locks WHERE project_id = $1 ORDER BY random() LIMIT 500', [projectId])
    ).map((r) => r.id as string);
    const users = (
      await q('SELECT app_user_id FROM managed_users WHERE project_id = $1 ORDER BY random() LIMIT 500', [
        projectId,
      ])
    ).map((r) => r.app_user_id as string);
    const keys = (
      await q('SELECT id FROM keys WHERE project_id = $1 ORDER BY random() LIMIT 500', [projectId])
    ).map((r) => r.id as string);
    const hooks = await q<{ id: string; lock_id: string | null }>(
      'SELECT id, lock_id FROM webhooks WHERE project_id = $1 ORDER BY random() LIMIT 200',
      [projectId],
    );
    const hookLocks = hooks.flatMap((h) => (h.lock_id ? [h.lock_id] : []));
    const deliveries = (
      await q(
        `SELECT d.id, d.webhook_id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
          WHERE w.project_id = $1 ORDER BY random() LIMIT 200`,
        [projectId],
      )
    ).map((r) => ({ id: r.id as string, webhookId: r.webhook_id as string }));
    // A page in the middle of the big tenant's locks (10,000 deep at full size).
    const midLock = (
      await q(
        `SELECT id FROM locks WHERE project_id = $1 ORDER BY id
         OFFSET (SELECT count(*) / 2 FROM locks WHERE project_id = $1) LIMIT 1`,
        [projectId],
      )
    )[0]?.id as string;
    const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
    const P = `/v2/projects/${projectId}`;
    const reads: [string, () => string, string?][] = [
      // The noise floor of this machine: a request whose handler makes one trivial query.
      ['baseline: GET /readyz', () => '/readyz'],
      ['GET project', () => P],
      ['GET locks (first page of 100)', () => `${P}/locks?limit=100`],
      ['GET locks (a page half-way through)', () => `${P}/locks?limit=100&startAfterId=${midLock}`],
      ['GET lock', () => `${P}/locks/${pick(locks)}`],
      ['GET managed users (first page)', () => `${P}/managed-users?limit=100`],
      ['GET managed user', () => `${P}/managed-users/${encodeURIComponent(pick(users))}`],
      ['GET keys (first page)', () => `${P}/keys?limit=100`],
      ['GET keys ?lockId', () => `${P}/keys?limit=100&lockId=${pick(locks)}`],
      ['GET keys ?appUserId', () => `${P}/keys?limit=100&appUserId=${encodeURIComponent(pick(users))}`],
      ['GET keys ?excludeStates=revoked,expired', () => `${P}/keys?limit=100&excludeStates=revoked,expired`],
      ['GET keys ?origin=shared', () => `${P}/keys?limit=100&origin=shared`],
      ['GET key', () => `${P}/keys/${pick(keys)}`],
      [
        'GET sharing rights ?appUserId',
        () => `${P}/sharing-rights?appUserId=${encodeURIComponent(pick(users))}`,
      ],
      ['GET webhooks (first page)', () => `${P}/webhooks?limit=100`],
      ['GET webhooks ?lockId', () => `${P}/webhooks?lockId=${pick(hookLocks.length ? hookLocks : locks)}`],
      ['GET webhook', () => `${P}/webhooks/${pick(hooks).id}`],
      ['GET deliveries of a webhook', () => `${P}/webhooks/${pick(hooks).id}/deliveries?limit=100`],
      [
        'GET deliveries ?status=failed',
        () => `${P}/webhooks/${pick(hooks).id}/deliveries?limit=100&status=failed`,
      ],
      [
        'GET delivery',
        () => {
          const d = pick(deliveries);
          return `${P}/webhooks/${d.webhookId}/deliveries/${d.id}`;
        },
      ],
      ['GET access log (project, first page of 100)', () => `${P}/logs/access?limit=100`],
      ['GET access log ?lockId', () => `${P}/logs/access?limit=100&lockId=${pick(locks)}`],
      [
        'GET access log ?appUserId',
        () => `${P}/logs/access?limit=100&appUserId=${encodeURIComponent(pick(users))}`,
      ],
      ['GET access log ?keyId', () => `${P}/logs/access?limit=100&keyId=${pick(keys)}`],
      [
        'GET access log ?from&to (one day, 10 days ago)',
        () => `${P}/logs/access?limit=100&from=${day(11)}&to=${day(10)}`,
      ],
      ['GET lock access log', () => `${P}/locks/${pick(locks)}/logs/access?limit=100`],
      [
        'GET lock access log ?appUserId',
        () => `${P}/locks/${pick(locks)}/logs/access?limit=100&appUserId=${encodeURIComponent(pick(users))}`,
      ],
      ['GET activity summary (24 h)', () => `${P}/activity-summary?hours=24`],
      ['GET activity summary (7 days)', () => `${P}/activity-summary?hours=168`],
      ['GET activity summary (30 days, the longest)', () => `${P}/activity-summary?hours=720`],
      ['GET audit (project)', () => `${P}/audit?limit=100`],
      ['GET /v2/app/keys (user with 500 keys, page of 100)', () => '/v2/app/keys?limit=100', 'keysUser'],
    ];

    // The background: 200 events/s, uploads of 20 events by 10 phones of the big tenant with active keys.
    const uploaders = await q<{ app_user_id: string; keys: string[] }>(
      `SELECT app_user_id, array_agg(id) AS keys FROM keys
        WHERE project_id = $1 AND revoked IS NULL AND starts <= now() AND (ends IS NULL OR ends > now())
          AND app_user_id NOT IN ($2, $3)
        GROUP BY app_user_id LIMIT 10`,
      [projectId, KEYS_USER, ERASE_USER],
    );
    const uploaderTokens = await Promise.all(uploaders.map((u) => appToken(u.app_user_id)));
    const keysUserToken = await appToken(KEYS_USER);
    // Upload times by what else ran meanwhile: the uploads share the event loop and the store with
    // the measured requests, so a bulk operation's moments show in them (the phase at the start).
    type Phase = 'reads' | 'activity summary' | 'single writes' | 'bulk writes' | 'erasure';
    let phase: Phase = 'reads';
    const uploadTimes: Record<Phase, number[]> = {
      reads: [],
      'activity summary': [],
      'single writes': [],
      'bulk writes': [],
      erasure: [],
    };
    const uploadTimesByIds: Record<'v4' | 'v7', number[]> = { v4: [], v7: [] };
    let uploadErrors = 0;
    let background = true;
    stopBackground = () => {
      background = false;
    };
    const waitsDone = args.waits ? waitsSample(admin, dbName) : undefined;
    let n = 0;
    const backgroundDone = (async () => {
      const start = performance.now();
      while (background && BACKGROUND > 0) {
        const i = n++ % uploaders.length;
        const shape = ID_SHAPES[n % ID_SHAPES.length]!;
        const events = Array.from({ length: 20 }, (_, j) => ({
          id: eventId(shape),
          keyId: uploaders[i]!.keys[j % uploaders[i]!.keys.length]!,
          action: j % 2 ? 'locked' : 'unlocked',
          created: new Date().toISOString(),
        }));
        const t0 = performance.now();
        const during = phase;
        app!
          .inject({
            method: 'POST',
            url: '/v2/app/events',
            headers: { authorization: `Bearer ${uploaderTokens[i]}` },
            payload: { events },
          })
          .then(
            (r) => {
              if (r.statusCode >= 300) uploadErrors++;
              else {
                uploadTimes[during].push(ms(t0));
                uploadTimesByIds[shape].push(ms(t0));
              }
            },
            () => uploadErrors++,
          );
        // Paced by the clock, not by the answers: the rate stays the same whatever they cost.
        const wait = start + (n * 20_000) / BACKGROUND - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    })();

    // A read is timed to its answer's last byte, taken as it comes, as a client across the network
    // would: not gathered into one buffer, decoded into a string and parsed by the bench, in the
    // service's own process (the 30-day summary's ~465 KB: ~1.2 ms of parsing per read, and two
    // more copies of it for the process's garbage collector, work of the client, not the service).
    const read = async (url: string, token: string) => {
      const r = await app!.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
        payloadAsStream: true,
      });
      let bytes = 0;
      for await (const chunk of r.stream()) bytes += (chunk as Buffer).length;
      if (r.statusCode >= 300 || bytes === 0) throw new Error(`GET ${url}: ${r.statusCode}, ${bytes} bytes`);
    };
    const timed = async (path: () => string, tok: string) => {
      for (let i = 0; i < 20; i++) await read(path(), tok);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const p = path();
        const t0 = performance.now();
        await read(p, tok);
        times.push(ms(t0));
      }
      times.sort((a, b) => a - b);
      return { p50: pct(times, 0.5), p99: pct(times, 0.99) };
    };
    const timedWrites = async (fn: (i: number) => Promise<unknown>, count = 100) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const t0 = performance.now();
        await fn(i);
        times.push(ms(t0));
      }
      times.sort((a, b) => a - b);
      return { p50: pct(times, 0.5), p99: pct(times, 0.99) };
    };

    const readRows: (string | number)[][] = [];
    const writeRows: (string | number)[][] = [];
    const onceRows: (string | number)[][] = [];
    const loads: number[] = [loadavg()[0]!];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [name, path, who] of reads) {
        // The summary's uploads beside it are counted apart (it built an ~80,000-row answer in this
        // same event loop before its counts were kept per hour).
        phase = name.startsWith('GET activity summary') ? 'activity summary' : 'reads';
        const r = await timed(path, who === 'keysUser' ? keysUserToken : token);
        readRows.push([round, name, fmt(r.p50, 1), fmt(r.p99, 1), r.p99 < 25 ? 'yes' : '**no**']);
      }
      // Single writes: create a key, revoke it, create a managed user.
      phase = 'single writes';
      const created: string[] = [];
      const w1 = await timedWrites(async (i) => {
        const r = await inject('POST', `${P}/keys`, token, {
          keys: [{ lockId: pick(locks), appUserId: `+4791${RUN}${round}${String(i).padStart(5, '0')}` }],
        });
        created.push(r.keys[0].id);
      });
      const w2 = await timedWrites((i) => inject('DELETE', `${P}/keys/${created[i]}`, token));
      const w3 = await timedWrites((i) =>
        inject('POST', `${P}/managed-users`, token, {
          appUserId: `+4792${RUN}${round}${String(i).padStart(5, '0')}`,
          firstName: 'Ola',
          lastName: 'Nordmann',
        }),
      );
      for (const [name, r] of [
        ['POST key (one)', w1],
        ['DELETE key', w2],
        ['POST managed user', w3],
      ] as const)
        writeRows.push([round, name, fmt(r.p50, 1), fmt(r.p99, 1), r.p99 < 50 ? 'yes' : '**no**']);

      // A 10,000-key batch: 10,000 of the big tenant's users on one lock (a new main entrance).
      phase = 'bulk writes';
      const batchUsers = (
        await q(
          'SELECT app_user_id FROM managed_users WHERE project_id = $1 ORDER BY id LIMIT 10000 OFFSET $2',
          [projectId, 2],
        )
      ).map((r) => r.app_user_id as string);
      const batchLock = (
        await inject('POST', `${P}/locks`, token, { name: `Main entrance ${round}`, timezone: 'Europe/Oslo' })
      ).lock.id as string;
      let t0 = performance.now();
      await inject('POST', `${P}/keys`, token, {
        // Without `end`: 10,000 items with an end date (~95 bytes each) exceed the 1 MiB body limit.
        keys: batchUsers.map((u) => ({ lockId: batchLock, appUserId: u })),
      });
      const batch = ms(t0);
      onceRows.push([
        round,
        `POST keys: a batch of ${fmt(batchUsers.length)}`,
        fmt(batch, 0),
        '3,000',
        batch < 3000 ? 'yes' : '**no**',
      ]);
      // Revoking by filter: one user's keys, then the 10,000 keys on the entrance.
      t0 = performance.now();
      await inject('DELETE', `${P}/keys?appUserId=${encodeURIComponent(pick(users))}`, token);
      const rUser = ms(t0);
      onceRows.push([
        round,
        'DELETE keys ?appUserId (one user)',
        fmt(rUser, 1),
        '50',
        rUser < 50 ? 'yes' : '**no**',
      ]);
      t0 = performance.now();
      const rv = await inject('DELETE', `${P}/keys?lockId=${batchLock}`, token);
      const rLock = ms(t0);
      onceRows.push([
        round,
        `DELETE keys ?lockId (${fmt(rv.revoked ?? rv.count ?? batchUsers.length)} keys)`,
        fmt(rLock, 0),
        '3,000',
        rLock < 3000 ? 'yes' : '**no**',
      ]);
      // All 500 keys of one phone, page after page.
      t0 = performance.now();
      let after: string | undefined;
      let got = 0;
      do {
        const r = await inject(
          'GET',
          `/v2/app/keys?limit=100${after ? `&startAfterId=${after}` : ''}`,
          keysUserToken,
        );
        got += r.keys.length;
        after = r.startAfterId;
      } while (after);
      const walk = ms(t0);
      onceRows.push([round, `GET /v2/app/keys, all ${got} keys (pages of 100)`, fmt(walk, 1), '', '']);
      loads.push(loadavg()[0]!);
    }
    // Erasure (once: the user is gone afterwards).
    const erasedEvents = (
      await q('SELECT count(*)::int AS n FROM access_events WHERE app_user_id = $1', [ERASE_USER])
    )[0]?.n as number;
    let eraseMs = Number.NaN;
    if (erasedEvents > 0) {
      phase = 'erasure';
      const t0 = performance.now();
      const r = await inject('DELETE', `/admin/v1/app-users/${encodeURIComponent(ERASE_USER)}`, ADMIN);
      eraseMs = ms(t0);
      onceRows.push([
        'once',
        `DELETE app user (${fmt(r.erased.accessEvents)} events, ${r.erased.keys} keys, ${r.erased.deliveries} deliveries)`,
        fmt(eraseMs, 0),
        '5,000',
        eraseMs < 5000 ? 'yes' : '**no**',
      ]);
    }
    background = false;
    await backgroundDone;
    await new Promise((r) => setTimeout(r, 2000));
    const waits = await waitsDone?.();
    const all = Object.values(uploadTimes).flat();
    // Rows: [when, whose ids, times]; with alternating ids, a row for each kind's uploads too.
    const ids = args['event-ids'];
    const byIds =
      ID_SHAPES.length > 1 ? ID_SHAPES.map((k) => [`${k} ids`, k, uploadTimesByIds[k]] as const) : [];
    for (const [during, idsOf, times] of [
      ['all', ids, all],
      ...byIds,
      ...Object.entries(uploadTimes).map(([k, t]) => [k, ids, t] as const),
    ] as const) {
      if (!times.length) continue;
      times.sort((a, b) => a - b);
      writeRows.push([
        during,
        `POST /v2/app/events (20 events, ${idsOf} ids; the background, ${times.length} uploads${during === 'all' ? `, ${uploadErrors} errors` : ''})`,
        fmt(pct(times, 0.5), 1),
        fmt(pct(times, 0.99), 1),
        pct(times, 0.99) < 50 ? 'yes' : '**no**',
      ]);
    }
    loads.push(loadavg()[0]!);

    table(
      `Reads (${dataSize}; ${REQUESTS} sequential requests each, under ${BACKGROUND} events/s)`,
      ['round', 'operation', 'p50 ms', 'p99 ms', 'p99 < 25 ms'],
      readRows,
    );
    table('Single writes (100 each)', ['round', 'operation', 'p50 ms', 'p99 ms', 'p99 < 50 ms'], writeRows);
    table('Bulk operations (one each)', ['round', 'operation', 'ms', 'goal ms', 'met'], onceRows);
    if (waits)
      table(
        'What statements active for over 40 ms waited for (pg_stat_activity every 50 ms)',
        ['samples', 'statement', 'wait event'],
        [...waits]
          .sort((x, y) => y[1] - x[1])
          .slice(0, 25)
          .map(([k, v]) => [v, ...k.split('\t')]),
      );

    // Sizes per row beside a plain copy (same columns, a heap without indexes, filled by
    // INSERT ... SELECT: the same pages COPY would write).
    const sizeRows: (string | number)[][] = [];
    for (const [name, rel, sample] of [
      ['keys', 'keys', 'SELECT * FROM keys'],
      ['access_events', 'access_events', 'SELECT * FROM access_events ORDER BY created LIMIT 5000000'],
      ['webhook_deliveries', 'webhook_deliveries', 'SELECT * FROM webhook_deliveries LIMIT 2000000'],
    ] as const) {
      const [s] = await q(
        `WITH parts AS (SELECT c.oid FROM pg_class c WHERE c.oid = $1::regclass
                         UNION ALL SELECT inhrelid FROM pg_inherits WHERE inhparent = $1::regclass)
         SELECT sum(pg_table_size(oid))::bigint AS heap, sum(pg_indexes_size(oid))::bigint AS idx,
                (SELECT count(*) FROM ${rel})::bigint AS n FROM parts`,
        [rel],
      );
      await c.query(`DROP TABLE IF EXISTS plain_copy; CREATE TABLE plain_copy (LIKE ${rel})`);
      await c.query(`INSERT INTO plain_copy ${sample}`);
      const [p] = await q(
        `SELECT pg_table_size('plain_copy')::bigint AS heap, (SELECT count(*) FROM plain_copy)::bigint AS n`,
      );
      await c.query('DROP TABLE plain_copy');
      const rows = Number(s.n);
      sizeRows.push([
        name,
        fmt(rows),
        fmt(Number(s.heap) / rows, 0),
        fmt(Number(s.idx) / rows, 0),
        fmt((Number(s.heap) + Number(s.idx)) / rows, 0),
        `${fmt(Number(p.heap) / Number(p.n), 0)} (${fmt(Number(p.n))} rows)`,
        fmt((Number(s.heap) + Number(s.idx)) / rows / (Number(p.heap) / Number(p.n)), 2),
      ]);
    }
    const [side] = await q(`SELECT pg_total_relation_size('access_event_ids')::bigint AS ids,
                                   pg_total_relation_size('access_event_feed')::bigint AS feed,
                                   pg_total_relation_size('webhook_attempts')::bigint AS attempts,
                                   pg_database_size(current_database())::bigint AS db`);
    table(
      'Sizes per row (bytes; heap includes TOAST)',
      ['table', 'rows', 'heap', 'indexes', 'total', 'plain copy heap', 'total / plain'],
      sizeRows,
    );
    const events = Number(counts.events) || 1;
    console.log(
      `\nbeside each event: access_event_ids ${fmt(Number(side.ids) / events, 0)} B, access_event_feed ${fmt(Number(side.feed) / events, 0)} B; ` +
        `webhook_attempts ${fmt(Number(side.attempts) / Number(counts.deliveries || 1), 0)} B per delivery; database ${fmt(Number(side.db) / 2 ** 30, 1)} GiB`,
    );
    console.log(
      `\n${dataSize}; ${args.reuse ? `kept database ${dbName}` : `seeded in ${seedSeconds.toFixed(0)} s`}; ` +
        `load average (1 min): ${loadStart.toFixed(2)} at start, ${loadSeeded.toFixed(2)} after seeding, ` +
        `${loads.map((l) => l.toFixed(2)).join(' / ')} during and after the measurements`,
    );
  } finally {
    stopBackground();
    await new Promise((r) => setTimeout(r, 1000)); // uploads in flight finish before the app closes
    await stopFold();
    await c.end().catch(() => {});
    await app?.close().catch(() => {});
    await ctx?.close().catch(() => {});
    await db.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    // A database given with --reuse was there before this run, and seeding it again takes half an
    // hour at the full size: it stays whatever --keep says.
    if (!args.keep && !args.reuse) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      rmSync(keyFile, { force: true });
    } else console.log(`kept database ${dbName} (npm run bench:scale -- --reuse ${dbName})`);
    await admin.end();
  }
}

await main();
