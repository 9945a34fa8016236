// The store seam: transactions are isolated on both stores (on PGlite, a concurrent query must not
// run inside someone else's open transaction), a second process cannot open a PGlite data dir, and
// migrations are safe when two processes start at once on PostgreSQL.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { acquireDataDirLock, DataDirInUseError } from '../../src/db/lock-file.ts';
import { migrate, readMigrations } from '../../src/db/migrate.ts';
import { openPgStore } from '../../src/db/pg-store.ts';
import { openPgliteStore } from '../../src/db/pglite-store.ts';
import { signal } from '../helpers/signal.ts';
import { openTestStore, TEST_DATABASE_URL, type TestStore } from '../helpers/store.ts';

let s: TestStore;
before(async () => {
  s = await openTestStore();
  await s.db.exec('CREATE TABLE scratch (n integer PRIMARY KEY)');
});
after(() => s.close());

describe('transactions', () => {
  it('commit and rollback', async () => {
    await s.db.transaction(async (tx) => {
      await tx.query('INSERT INTO scratch VALUES (1)');
    });
    await assert.rejects(
      s.db.transaction(async (tx) => {
        await tx.query('INSERT INTO scratch VALUES (2)');
        throw new Error('boom');
      }),
      /boom/,
    );
    const { rows } = await s.db.query<{ n: number }>('SELECT n FROM scratch ORDER BY n');
    assert.deepEqual(
      rows.map((r) => r.n),
      [1],
    );
  });

  it('a query issued while another transaction is open never joins it (and is not lost on its rollback)', async () => {
    const gate = signal();
    const entered = signal();
    const tx = s.db
      .transaction(async (t) => {
        await t.query('INSERT INTO scratch VALUES (10)');
        entered.fire();
        await gate.fired; // hold the transaction open while the outside query is issued
        throw new Error('rollback');
      })
      .catch((e: Error) => e.message);
    await entered.fired;
    const outside = s.db.query('INSERT INTO scratch VALUES (11)');
    // Give the outside query every chance to sneak in before the rollback.
    await new Promise((r) => setTimeout(r, 50));
    gate.fire();
    assert.equal(await tx, 'rollback');
    await outside;
    const { rows } = await s.db.query<{ n: number }>('SELECT n FROM scratch WHERE n >= 10 ORDER BY n');
    assert.deepEqual(
      rows.map((r) => r.n),
      [11],
    );
  });

  it('many concurrent transactions each see only their own writes', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.db
          .transaction(async (tx) => {
            await tx.query('INSERT INTO scratch VALUES ($1)', [100 + i]);
            const { rows } = await tx.query<{ c: number }>(
              'SELECT count(*)::int AS c FROM scratch WHERE n >= 100',
            );
            assert.ok(rows[0]!.c >= 1);
            if (i % 2) throw new Error('odd');
          })
          .catch(() => {}),
      ),
    );
    const { rows } = await s.db.query<{ c: number }>('SELECT count(*)::int AS c FROM scratch WHERE n >= 100');
    assert.equal(rows[0]!.c, 10);
  });

  it('refuses db.query() from inside a transaction on PGlite instead of deadlocking', {
    skip: Boolean(TEST_DATABASE_URL),
  }, async () => {
    if (s.db.kind !== 'pglite') return;
    await assert.rejects(
      s.db.transaction(async () => {
        await s.db.query('SELECT 1');
      }),
      /inside a transaction/,
    );
  });
});

describe('PGlite data directory lock', () => {
  it('a second opener of the same directory gets a clear error, and a stale lock is taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-lock-'));
    try {
      const release = acquireDataDirLock(dir);
      assert.throws(() => acquireDataDirLock(dir), DataDirInUseError);
      // Another process trying to open it is refused with the holder's pid in the message.
      const child = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('./src/db/lock-file.ts').then(m => { try { m.acquireDataDirLock(${JSON.stringify(dir)}); console.log('opened'); } catch (e) { console.log(e.message); } })`,
        ],
        { encoding: 'utf8' },
      );
      assert.match(child.stdout, new RegExp(`in use by process ${process.pid}`));
      release();
      // A lock left by a dead process (kill -9) names a pid that no longer exists.
      writeFileSync(join(dir, 'latchkey.lock'), '999999');
      const again = acquireDataDirLock(dir);
      again();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('openPgliteStore refuses a directory held by another opener', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-lock-'));
    const release = acquireDataDirLock(dir);
    try {
      await assert.rejects(openPgliteStore({ dataDir: dir }), DataDirInUseError);
    } finally {
      release();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migrations', () => {
  it('are all applied and a second run applies nothing', async () => {
    assert.deepEqual(await migrate(s.db), []);
    const { rows } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    assert.equal(rows[0]!.n, readMigrations().length);
  });

  /** Runs `fn` in a new, empty schema of the test database, dropped afterwards. */
  async function withSchema(name: string, fn: (schema: string) => Promise<void>) {
    const schema = `${name}_${process.pid}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    try {
      await fn(schema);
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }

  it(
    'a migration longer than a request’s statement timeout is applied (PostgreSQL)',
    {
      skip: !TEST_DATABASE_URL,
    },
    () =>
      withSchema('t_mig_slow', async (schema) => {
        const db = await openPgStore({
          url: TEST_DATABASE_URL!,
          poolSize: 1,
          schema,
          statementTimeoutMs: 200,
        });
        try {
          const slow = { version: 9999, name: 'slow', sql: 'SELECT pg_sleep(0.6)' };
          const done = await migrate(db, [...readMigrations(), slow]);
          assert.equal(done.at(-1), '9999_slow');
          // Requests keep theirs.
          await assert.rejects(db.transaction((tx) => tx.query('SELECT pg_sleep(0.6)')));
        } finally {
          await db.close();
        }
      }),
  );

  it(
    'two processes migrating one PostgreSQL database at once take turns',
    {
      skip: !TEST_DATABASE_URL,
    },
    () =>
      withSchema('t_mig', async (schema) => {
        const a = await openPgStore({ url: TEST_DATABASE_URL!, poolSize: 2, schema });
        const b = await openPgStore({ url: TEST_DATABASE_URL!, poolSize: 2, schema });
        try {
          const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
          assert.equal(ra.length + rb.length, readMigrations().length);
          assert.ok(ra.length === 0 || rb.length === 0, 'one process applied everything, the other nothing');
        } finally {
          await a.close();
          await b.close();
        }
      }),
  );
});

// DATABASE_URL may go through PgBouncer in transaction pooling mode, where a pooled connection is
// handed to another client after each transaction: nothing may be left on it. LISTEN, which needs a
// session, uses one direct connection of its own (LATCHKEY_LISTEN_DATABASE_URL).
describe('PostgreSQL sessions', { skip: !TEST_DATABASE_URL }, () => {
  it('pooled connections carry no statement timeout outside a transaction; transactions set it locally', async () => {
    const db = await openPgStore({ url: TEST_DATABASE_URL!, poolSize: 1, statementTimeoutMs: 4321 });
    try {
      const show = async (q: { query: typeof db.query }) =>
        (await q.query<{ t: string }>("SELECT current_setting('statement_timeout') AS t")).rows[0]!.t;
      const outside = await show(db);
      assert.equal(await db.transaction((tx) => show(tx)), '4321ms');
      assert.equal(await show(db), outside, 'the transaction left nothing on the connection');
      assert.notEqual(outside, '4321ms');
    } finally {
      await db.close();
    }
  });

  it('one LISTEN connection per store, on the listen URL, for every channel', async () => {
    const tag = `lk_listen_${process.pid}`;
    const listenUrl = `${TEST_DATABASE_URL}${TEST_DATABASE_URL!.includes('?') ? '&' : '?'}application_name=${tag}`;
    const db = await openPgStore({ url: TEST_DATABASE_URL!, listenUrl, poolSize: 2 });
    try {
      const got: string[] = [];
      const both = signal();
      const onNotify = (ch: string) => (p: string) => {
        got.push(`${ch}:${p}`);
        if (got.length === 2) both.fire();
      };
      const offA = await db.listen(`${tag}_a`, onNotify('a'));
      const offB = await db.listen(`${tag}_b`, onNotify('b'));
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [tag],
      );
      assert.equal(rows[0]!.n, 1, 'both channels share the one connection on the listen URL');
      await db.query(`SELECT pg_notify($1, 'x'), pg_notify($2, 'y')`, [`${tag}_a`, `${tag}_b`]);
      await both.fired;
      assert.deepEqual(got.sort(), ['a:x', 'b:y']);
      await offA();
      await offB();
    } finally {
      await db.close();
    }
  });

  it('the LISTEN connection comes back after it is cut, listening on every channel again', async () => {
    const tag = `lk_relisten_${process.pid}`;
    const listenUrl = `${TEST_DATABASE_URL}${TEST_DATABASE_URL!.includes('?') ? '&' : '?'}application_name=${tag}`;
    const db = await openPgStore({ url: TEST_DATABASE_URL!, listenUrl, poolSize: 2 });
    try {
      const got = new Set<string>();
      await db.listen(`${tag}_a`, (p) => got.add(`a:${p}`));
      await db.listen(`${tag}_b`, (p) => got.add(`b:${p}`));
      const cut = await db.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [tag],
      );
      assert.equal(cut.rowCount, 1);
      // Notifications sent while it reconnects are lost (callers poll); keep sending until both arrive.
      const deadline = Date.now() + 15_000;
      while (!(got.has('a:after') && got.has('b:after'))) {
        assert.ok(Date.now() < deadline, `no notification after the cut: ${[...got].join(', ')}`);
        await db.query(`SELECT pg_notify($1, 'after'), pg_notify($2, 'after')`, [`${tag}_a`, `${tag}_b`]);
        await new Promise((r) => setTimeout(r, 100));
      }
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [tag],
      );
      assert.equal(rows[0]!.n, 1, 'one listening connection again');
    } finally {
      await db.close();
    }
  });
});
