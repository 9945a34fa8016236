// Seeds a migrated PostgreSQL database with a large deployment's data, straight into the real
// tables (the schema is the one src/db/migrate.ts builds), with INSERT ... SELECT generate_series in
// chunks: one statement writes hundreds of thousands of rows without a round trip per row, and every
// constraint (foreign keys, checks, unique indexes) is checked as for any insert. No trigger is
// disabled. The one trigger that matters, keys_revocation_list, fires on UPDATE/DELETE of a key, not
// on INSERT; so for the keys seeded as already revoked this module writes the rows it would have
// written had they been revoked through the API: one lock_revoked_keys row per revoked key and
// lock_revocation_versions.v = the number of revocations on the lock.
//
// Layout (full size; `smallSize` is a hundredth for demos):
//   100 organizations, 1,000 projects; project 0 (the big tenant) holds 20% of the locks and users.
//   100,000 locks; 200,000 app users, each a managed user of one project.
//   1,000,000 keys: 10% revoked, 20% expired, 10% scheduled, 60% active; 30% with weekly windows;
//     10% shared from the app. User 0 of the big tenant holds exactly 500 keys (GET /v2/app/keys),
//     user 1 holds 10 keys and about 20,000 events (erasure).
//   access events: `events` of them over the last 29 days, each by an active key of its user, with
//     the rows an upload writes beside them (access_event_ids for idempotency, access_event_feed
//     for the live stream), so the tables are the size uploads would leave.
//   10,000 webhooks (one project-wide per project, the rest on single locks, a tenth of those for
//     keyChanged), 2,000,000 finished deliveries over the
//     last 7 days (2% failed after 3 attempts, 5% succeeded on the 2nd), with their attempt rows.
// Ids the service generates are UUIDv7 (time-ordered) here too, so indexes on id grow the way live
// ones do; event ids come from the phones (random UUIDs).
import pg from 'pg';

export interface ScaleSize {
  organizations: number;
  projects: number;
  locks: number;
  bigTenantLocks: number;
  users: number;
  keys: number;
  events: number;
  webhooks: number;
  deliveries: number;
}

export const fullSize: ScaleSize = {
  organizations: 100,
  projects: 1000,
  locks: 100_000,
  bigTenantLocks: 20_000,
  users: 200_000,
  keys: 1_000_000,
  events: 50_000_000,
  webhooks: 10_000,
  deliveries: 2_000_000,
};

export const smallSize: ScaleSize = {
  organizations: 5,
  projects: 20,
  locks: 1000,
  bigTenantLocks: 200,
  users: 2000,
  keys: 10_000,
  events: 200_000,
  webhooks: 100,
  deliveries: 20_000,
};

/** Phone number (E.164) of app user `i`. */
export const phone = (i: number) => `+4790${String(i).padStart(6, '0')}`;
/** The big tenant's user with exactly 500 keys, and the one with ~20,000 events (erasure). */
export const KEYS_USER = phone(0);
export const ERASE_USER = phone(1);
export const KEYS_USER_KEYS = 500;
export const ERASE_USER_KEYS = 10;
export const ERASE_USER_EVENTS = 20_000;

const EVENT_CHUNK = 500_000;
const ROW_CHUNK = 250_000;

export interface SeedReport {
  seconds: Record<string, number>;
  bigProjectId: string;
  organizationId: string;
}

/**
 * Fills the database at `url` (already migrated, with its access-log day partitions created) with
 * `size`. `secrets` are sealed webhook secrets (the service's own encryption, one per webhook).
 */
export async function seedScale(
  url: string,
  size: ScaleSize,
  secrets: string[],
  log: (s: string) => void = (s) => process.stdout.write(s),
): Promise<SeedReport> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const seconds: Record<string, number> = {};
  const step = async (name: string, fn: () => Promise<void>) => {
    const t = performance.now();
    await fn();
    seconds[name] = (performance.now() - t) / 1000;
    log(`  ${name}: ${seconds[name]!.toFixed(1)} s\n`);
  };
  try {
    // A bulk load: losing the last commits on a crash costs nothing (the run starts over), and the
    // helper tables are temporary; big sorts and hashes stay in memory.
    await c.query(`SET synchronous_commit = off; SET work_mem = '256MB'; SET temp_buffers = '512MB';
                   SET maintenance_work_mem = '512MB'`);
    // UUIDv7 for a time: 48-bit Unix milliseconds, version 7, the rest random (as src/ids.ts).
    await c.query(`CREATE FUNCTION pg_temp.uuid7(t timestamptz) RETURNS uuid LANGUAGE sql VOLATILE AS $$
      SELECT encode(set_byte(overlay(uuid_send(gen_random_uuid())
               PLACING substring(int8send(floor(extract(epoch FROM t) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
             6, (get_byte(uuid_send(gen_random_uuid()), 6) & 15) | 112), 'hex')::uuid $$`);
    const S = size;
    const bigUsers = Math.floor(S.users / 5);
    await step('organizations, projects', async () => {
      await c.query(
        `CREATE TEMP TABLE s_org AS
           SELECT g AS idx, pg_temp.uuid7(now() - interval '400 days' + g * interval '1 minute') AS id
             FROM generate_series(0, $1 - 1) g`,
        [S.organizations],
      );
      await c.query(
        `INSERT INTO organizations (id, name, created)
         SELECT id, 'Organization ' || idx, now() - interval '400 days' FROM s_org`,
      );
      // Project p's locks and users are contiguous ranges: [lock_lo, lock_lo + lock_n).
      await c.query(
        `CREATE TEMP TABLE s_proj AS
           SELECT g AS idx, pg_temp.uuid7(now() - interval '390 days' + g * interval '1 minute') AS id,
                  CASE WHEN g = 0 THEN 0 ELSE $2::int + ((g - 1)::bigint * ($1::int - $2::int) / ($5::int - 1))::int END AS lock_lo,
                  CASE WHEN g = 0 THEN $2::int ELSE ((g::bigint * ($1::int - $2::int) / ($5::int - 1)) - ((g - 1)::bigint * ($1::int - $2::int) / ($5::int - 1)))::int END AS lock_n,
                  CASE WHEN g = 0 THEN 0 ELSE $4::int + ((g - 1)::bigint * ($3::int - $4::int) / ($5::int - 1))::int END AS user_lo,
                  CASE WHEN g = 0 THEN $4::int ELSE ((g::bigint * ($3::int - $4::int) / ($5::int - 1)) - ((g - 1)::bigint * ($3::int - $4::int) / ($5::int - 1)))::int END AS user_n,
                  g % $6::int AS org_idx
             FROM generate_series(0, $5::int - 1) g`,
        [S.locks, S.bigTenantLocks, S.users, bigUsers, S.projects, S.organizations],
      );
      await c.query('CREATE UNIQUE INDEX ON s_proj (idx)');
      await c.query(
        `INSERT INTO projects (id, organization_id, name, country_iso, org_number, timezone, metadata, created)
         SELECT p.id, o.id, 'Property ' || p.idx, 'NO', (900000000 + p.idx)::text, 'Europe/Oslo',
                jsonb_build_object('crm', 'P-' || p.idx), now() - interval '390 days'
           FROM s_proj p JOIN s_org o ON o.idx = p.org_idx`,
      );
    });
    await step('locks', async () => {
      await c.query(
        `CREATE TEMP TABLE s_lock AS
           SELECT p.lock_lo + g AS idx, p.idx AS pidx, p.id AS project_id,
                  pg_temp.uuid7(now() - interval '380 days' + (p.lock_lo + g) * interval '1 second') AS id,
                  'Door ' || (p.lock_lo + g) AS name
             FROM s_proj p CROSS JOIN LATERAL generate_series(0, p.lock_n - 1) g`,
      );
      await c.query('CREATE UNIQUE INDEX ON s_lock (idx)');
      await c.query(
        `INSERT INTO locks (id, project_id, name, timezone, address, metadata, created)
         SELECT id, project_id, name, 'Europe/Oslo', 'Storgata ' || idx || ', Oslo',
                jsonb_build_object('unit', idx), now() - interval '380 days' FROM s_lock ORDER BY idx`,
      );
    });
    await step('app users, managed users', async () => {
      await c.query(
        `CREATE TEMP TABLE s_user AS
           SELECT p.user_lo + g AS idx, p.idx AS pidx, p.id AS project_id,
                  '+4790' || lpad((p.user_lo + g)::text, 6, '0') AS phone,
                  'Kari' || (p.user_lo + g) AS first_name, 'Nordmann' AS last_name
             FROM s_proj p CROSS JOIN LATERAL generate_series(0, p.user_n - 1) g`,
      );
      await c.query('CREATE UNIQUE INDEX ON s_user (idx)');
      await c.query(
        `INSERT INTO app_users (app_user_id, name, created)
         SELECT phone, CASE WHEN idx % 3 = 0 THEN first_name END, now() - interval '300 days' FROM s_user`,
      );
      await c.query(
        `INSERT INTO managed_users (id, project_id, app_user_id, first_name, last_name, metadata, created)
         SELECT pg_temp.uuid7(now() - interval '300 days' + idx * interval '1 second'), project_id, phone,
                first_name, last_name, jsonb_build_object('tenantId', 'T' || idx), now() - interval '300 days'
           FROM s_user ORDER BY idx`,
      );
    });
    await step('keys', async () => {
      // Key j: its user (user 0: keys 0-499, user 1: keys 500-509, the rest hashed over users 2..),
      // the project of that user, a lock of that project, and a state from a hash of j.
      const special = KEYS_USER_KEYS + ERASE_USER_KEYS;
      await c.query(
        `CREATE TEMP TABLE s_key AS
           SELECT j AS idx, u.idx AS uidx, u.phone, u.first_name || ' ' || u.last_name AS user_name,
                  u.project_id, l.id AS lock_id, l.name AS lock_name,
                  CASE WHEN j < $2 THEN 'active'
                       WHEN (j * 37) % 100 < 10 THEN 'revoked' WHEN (j * 37) % 100 < 30 THEN 'expired'
                       WHEN (j * 37) % 100 < 40 THEN 'scheduled' ELSE 'active' END AS state,
                  CASE WHEN j >= $2 AND j % 10 = 9 THEN 'shared' ELSE 'integrator' END AS origin,
                  ((j * 7) % 100 < 30) AS windowed,
                  -- in creation order (ids are UUIDv7 of it): the index on id grows at its end
                  now() - interval '400 days' + (j::float8 / $1) * interval '370 days' AS created
             FROM generate_series(0, $1 - 1) j
             CROSS JOIN LATERAL (SELECT CASE WHEN j < ${KEYS_USER_KEYS} THEN 0 WHEN j < $2 THEN 1
                                             ELSE 2 + ((j::bigint * 7919) % ($3 - 2))::int END AS uidx) h
             JOIN s_user u ON u.idx = h.uidx
             JOIN s_proj p ON p.idx = u.pidx
             JOIN s_lock l ON l.idx = p.lock_lo + ((j::bigint * 104729) % p.lock_n)::int`,
        [S.keys, special, S.users],
      );
      await c.query('CREATE UNIQUE INDEX ON s_key (idx)');
      for (let from = 0; from < S.keys; from += ROW_CHUNK) {
        await c.query(
          `INSERT INTO keys (id, project_id, lock_id, app_user_id, origin, shared_by, starts, ends, recurrence,
                             metadata, created, revoked, expiry_sent)
           SELECT pg_temp.uuid7(k.created), k.project_id, k.lock_id, k.phone, k.origin,
                  CASE WHEN k.origin = 'shared' THEN '+4790' || lpad(((k.uidx + 1) % $3)::text, 6, '0') END,
                  t.starts, t.ends,
                  CASE WHEN k.windowed THEN '{"windows":[{"days":["mon","tue","wed","thu","fri"],"from":"07:00","to":"18:00"}]}'::jsonb END,
                  CASE WHEN k.origin = 'integrator' THEN jsonb_build_object('bookingId', 'B' || k.idx) ELSE '{}' END,
                  k.created,
                  CASE WHEN k.state = 'revoked' THEN now() - ((1 + k.idx % 60) * interval '1 day') END,
                  -- the expiry job has announced the keys that ended (what it leaves behind)
                  (t.ends IS NOT NULL AND t.ends <= now())
             FROM s_key k CROSS JOIN LATERAL (
               SELECT CASE k.state WHEN 'scheduled' THEN now() + ((1 + k.idx % 30) * interval '1 day')
                                   WHEN 'expired' THEN now() - ((40 + k.idx % 300) * interval '1 day')
                                   ELSE k.created END AS starts,
                      CASE WHEN k.state = 'expired' THEN now() - ((1 + k.idx % 30) * interval '1 day')
                           WHEN k.state = 'scheduled' THEN now() + ((8 + k.idx % 30) * interval '1 day')
                           WHEN k.idx % 5 < 2 THEN NULL
                           ELSE now() + ((1 + k.idx % 90) * interval '1 day') END AS ends) t
            WHERE k.idx >= $1 AND k.idx < $2 ORDER BY k.idx`,
          [from, Math.min(S.keys, from + ROW_CHUNK), S.users],
        );
        log(`\r  keys ${Math.min(S.keys, from + ROW_CHUNK)} / ${S.keys}`);
      }
      log('\n');
      // What keys_revocation_list would have written had these keys been revoked by an UPDATE.
      await c.query(
        `INSERT INTO lock_revoked_keys (lock_id, key_id, revoked_at)
         SELECT lock_id, id, revoked FROM keys WHERE revoked IS NOT NULL`,
      );
      await c.query(
        `INSERT INTO lock_revocation_versions (lock_id, v)
         SELECT lock_id, count(*) FROM keys WHERE revoked IS NOT NULL GROUP BY lock_id`,
      );
      // The keys events come from: active ones, numbered; with their row ids.
      await c.query(
        `CREATE TEMP TABLE s_active AS
           SELECT (row_number() OVER (ORDER BY k.created, k.id) - 1)::int AS aidx, k.id, k.project_id, k.lock_id,
                  k.app_user_id, k.origin, l.name AS lock_name,
                  m.first_name || ' ' || m.last_name AS user_name
             FROM keys k JOIN locks l ON l.id = k.lock_id
             JOIN managed_users m ON m.project_id = k.project_id AND m.app_user_id = k.app_user_id
            WHERE k.revoked IS NULL AND k.starts <= now() AND (k.ends IS NULL OR k.ends > now())
              AND k.app_user_id <> $1`,
        [ERASE_USER],
      );
      await c.query('CREATE UNIQUE INDEX ON s_active (aidx)');
      await c.query(
        `CREATE TEMP TABLE s_erase AS
           SELECT (row_number() OVER (ORDER BY k.id) - 1)::int AS eidx, k.id, k.project_id, k.lock_id,
                  k.app_user_id, k.origin, l.name AS lock_name, m.first_name || ' ' || m.last_name AS user_name
             FROM keys k JOIN locks l ON l.id = k.lock_id
             JOIN managed_users m ON m.project_id = k.project_id AND m.app_user_id = k.app_user_id
            WHERE k.app_user_id = $1`,
        [ERASE_USER],
      );
    });
    await step('access events', async () => {
      const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM s_active');
      const active = rows[0]!.n;
      const eraseEvents = Math.min(ERASE_USER_EVENTS, Math.floor(S.events / 10));
      const stride = Math.max(1, Math.floor(S.events / Math.max(1, eraseEvents)));
      // Ordered by `created` (oldest first) so each chunk fills the day partitions in order.
      for (let from = 0; from < S.events; from += EVENT_CHUNK) {
        const to = Math.min(S.events, from + EVENT_CHUNK);
        await c.query(
          `WITH src AS (
             SELECT i, t.created, k.*
               FROM generate_series($1::bigint, $2::bigint - 1) i
               CROSS JOIN LATERAL (SELECT now() - interval '29 days' + (i::float8 / $3) * interval '29 days'
                                          - random() * interval '1 minute' AS created) t
               JOIN s_active k ON i % $4 <> 0 AND k.aidx = ((i * 2654435761) % $5)::int
             UNION ALL
             SELECT i, t.created, k.*
               FROM generate_series($1::bigint, $2::bigint - 1) i
               CROSS JOIN LATERAL (SELECT now() - interval '29 days' + (i::float8 / $3) * interval '29 days'
                                          - random() * interval '1 minute' AS created) t
               JOIN s_erase k ON i % $4 = 0 AND i / $4 < $6 AND k.eidx = (i / $4) % ${ERASE_USER_KEYS}
           ), e AS (
             INSERT INTO access_events (id, project_id, lock_id, key_id, app_user_id, action, created, received,
                                        lock_name, user_name, origin)
             SELECT gen_random_uuid(), project_id, lock_id, id, app_user_id,
                    CASE WHEN i % 2 = 0 THEN 'unlocked' ELSE 'locked' END, created, created + interval '2 seconds',
                    lock_name, user_name, origin
               FROM src ORDER BY created
             RETURNING id, project_id, created, received
           ), ids AS (
             INSERT INTO access_event_ids (id, project_id, created) SELECT id, project_id, created FROM e
           )
           INSERT INTO access_event_feed (event_id, project_id, tx_id, created, received)
           SELECT id, project_id, pg_current_xact_id(), created, received FROM e ORDER BY received`,
          [from, to, S.events, stride, active, eraseEvents],
        );
        log(`\r  events ${to.toLocaleString('en-US')} / ${S.events.toLocaleString('en-US')}`);
      }
      log('\n');
    });
    await step('webhooks', async () => {
      await c.query(
        // Webhook w < projects: project p's one project-wide webhook (every event of the project);
        // the rest on single locks, spread over all locks (so the big tenant's events fan out to
        // about 1.1 webhooks each, as one integrator endpoint plus some per-door ones would).
        `INSERT INTO webhooks (id, project_id, lock_id, trigger, url, url_display, secret_enc, created, last_success_at)
         SELECT pg_temp.uuid7(now() - interval '200 days' + w * interval '1 second'), l.project_id,
                CASE WHEN w < $3 THEN NULL ELSE l.id END,
                CASE WHEN w >= $3 AND w % 10 = 5 THEN 'keyChanged' ELSE 'accessEvent' END,
                'https://hooks.example.test/latchkey/' || w, 'https://hooks.example.test/latchkey/' || w,
                s.secret, now() - interval '200 days', now() - interval '1 minute'
           FROM unnest($1::text[]) WITH ORDINALITY s(secret, n)
           CROSS JOIN LATERAL (SELECT (s.n - 1)::int AS w) x
           JOIN s_proj p ON p.idx = CASE WHEN x.w < $3 THEN x.w ELSE 0 END
           JOIN s_lock l ON l.idx = CASE WHEN x.w < $3 THEN p.lock_lo ELSE ((x.w::bigint * 11) % $2)::int END`,
        [secrets, S.locks, Math.min(S.projects, S.webhooks)],
      );
      await c.query(
        `CREATE TEMP TABLE s_hook AS
           SELECT (row_number() OVER (ORDER BY id) - 1)::int AS hidx, id, project_id FROM webhooks`,
      );
      await c.query('CREATE UNIQUE INDEX ON s_hook (hidx)');
    });
    await step('deliveries, attempts', async () => {
      // Finished deliveries over the last 7 days, with the exact body an access event is sent as
      // (src/delivery/enqueue.ts accessEventBody: id, action, created, keyId, lockId, lockName,
      // appUserId, userName); every 1,000th names the erasure user.
      for (let from = 0; from < S.deliveries; from += ROW_CHUNK) {
        const to = Math.min(S.deliveries, from + ROW_CHUNK);
        await c.query(
          `WITH src AS (
             SELECT d, h.id AS webhook_id, h.project_id, gen_random_uuid() AS event_id,
                    now() - interval '7 days' + (d::float8 / $3) * interval '7 days' AS created,
                    CASE WHEN d % 50 = 0 THEN 'failed' ELSE 'succeeded' END AS status,
                    CASE WHEN d % 50 = 0 THEN 3 WHEN d % 20 = 1 THEN 2 ELSE 1 END AS attempts,
                    CASE WHEN d % 1000 = 0 THEN $5 ELSE '+4790' || lpad((d % $6)::text, 6, '0') END AS who
               FROM generate_series($1::bigint, $2::bigint - 1) d
               JOIN s_hook h ON h.hidx = (d % $4)::int
           ), ins AS (
             INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_id, body, event_received, status,
                                             attempt_count, next_attempt_at, created, completed_at, fair_at)
             SELECT pg_temp.uuid7(created), webhook_id, project_id, event_id,
                    '{"id":"' || event_id || '","action":"unlocked","created":"' ||
                    to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ||
                    '","keyId":"' || gen_random_uuid() || '","lockId":"' || gen_random_uuid() ||
                    '","lockName":"Door ' || (d % 100000) || '","appUserId":"' || who ||
                    '","userName":"Kari Nordmann"}',
                    created, status, attempts, created + attempts * interval '1 minute', created,
                    created + attempts * interval '1 minute', created
               FROM src ORDER BY created
             RETURNING id, status, attempt_count, created
           )
           INSERT INTO webhook_attempts (delivery_id, attempt, at, response_status, duration_ms, error)
           SELECT ins.id, a, ins.created + (a - 1) * interval '1 minute',
                  CASE WHEN ins.status = 'succeeded' AND a = ins.attempt_count THEN 200 ELSE 503 END,
                  80 + (a * 37) % 200, NULL
             FROM ins CROSS JOIN LATERAL generate_series(1, ins.attempt_count) a`,
          [from, to, S.deliveries, S.webhooks, ERASE_USER, S.users],
        );
        log(`\r  deliveries ${to.toLocaleString('en-US')} / ${S.deliveries.toLocaleString('en-US')}`);
      }
      log('\n');
    });
    // What migration 0104 does to a store that already holds this: the activity summary's hourly
    // counts of everything seeded (the service keeps them up to date from here on).
    await step('activity counts', async () => {
      await c.query('SELECT activity_counts_rebuild()');
    });
    // A month of live traffic leaves statistics, the visibility map and hint bits set: measure reads
    // in that state, not beside autovacuum catching up with a bulk load.
    await step('vacuum analyze', async () => {
      await c.query('VACUUM (ANALYZE)');
    });
    const { rows } = await c.query<{ id: string; org: string }>(
      'SELECT p.id, p.organization_id AS org FROM s_proj s JOIN projects p ON p.id = s.id WHERE s.idx = 0',
    );
    return { seconds, bigProjectId: rows[0]!.id, organizationId: rows[0]!.org };
  } finally {
    await c.end();
  }
}
