// "store unavailable" says which store and why: PostgreSQL's user, host, port and database (never
// the password) and the cause in plain words: refused, unresolvable, authentication failed, or
// timed out. Each cause is provoked for real: a closed local port, a host under .invalid (which
// never resolves, RFC 6761), a role the PostgreSQL server does not know, and a socket made here that
// accepts connections and never answers. The start of a server says the same and exits.
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { StoreUnavailableError } from '../../src/db/errors.ts';
import { openPgStore } from '../../src/db/pg-store.ts';
import { freePort } from '../helpers/net.ts';
import { startServerProcess } from '../helpers/process.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';

const PASSWORD = 'hunter2-never-shown';

async function failure(url: string, connectTimeoutMs?: number): Promise<StoreUnavailableError> {
  const db = await openPgStore({ url, poolSize: 1, connectTimeoutMs });
  try {
    await db.query('SELECT 1');
    assert.fail('the query answered');
  } catch (e) {
    assert.ok(e instanceof StoreUnavailableError, String(e));
    assert.ok(!e.message.includes(PASSWORD), e.message);
    return e;
  } finally {
    await db.close();
  }
}

describe('store unavailable: the target and the cause', () => {
  it('refused: nothing listens on the port', async () => {
    const port = await freePort();
    const e = await failure(`postgres://app:${PASSWORD}@127.0.0.1:${port}/latchkey`);
    assert.equal(e.reason, 'refused');
    assert.equal(
      e.message,
      `store unavailable: PostgreSQL app@127.0.0.1:${port}/latchkey: connection refused (nothing listens there, or a firewall refuses)`,
    );
  });

  it('unresolvable: the host name does not resolve', async () => {
    const e = await failure(`postgres://app:${PASSWORD}@db.invalid:5433/latchkey`);
    assert.equal(e.reason, 'unresolvable');
    assert.match(e.message, /^store unavailable: PostgreSQL app@db\.invalid:5433\/latchkey: the host name /);
    assert.match(e.message, /resolve/);
  });

  it('timed out: a socket that accepts and never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as { port: number };
    try {
      const e = await failure(`postgres://app:${PASSWORD}@127.0.0.1:${port}/latchkey`, 300);
      assert.equal(e.reason, 'timeout');
      assert.equal(
        e.message,
        `store unavailable: PostgreSQL app@127.0.0.1:${port}/latchkey: timed out (no answer within 0.3 s)`,
      );
      assert.ok(sockets.length > 0, 'the driver connected and waited');
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });

  it('authentication failed: a role the server does not know', {
    skip: !TEST_DATABASE_URL && 'needs PostgreSQL (TEST_DATABASE_URL)',
  }, async () => {
    // This server trusts loopback, so a wrong password is not refused; a role that does not exist
    // is, with SQLSTATE 28000 (class 28, invalid authorization, as a wrong password's 28P01).
    const u = new URL(TEST_DATABASE_URL!);
    u.username = 'latchkey_no_such_role';
    u.password = PASSWORD;
    const e = await failure(u.toString());
    assert.equal(e.reason, 'authentication');
    assert.match(
      e.message,
      new RegExp(
        `^store unavailable: PostgreSQL latchkey_no_such_role@${u.hostname}:${u.port || 5432}${u.pathname}: authentication failed: role "latchkey_no_such_role" does not exist$`,
      ),
    );
  });

  it('a database that does not exist is named as such', {
    skip: !TEST_DATABASE_URL && 'needs PostgreSQL (TEST_DATABASE_URL)',
  }, async () => {
    const u = new URL(TEST_DATABASE_URL!);
    u.pathname = '/latchkey_no_such_database';
    const e = await failure(u.toString());
    assert.equal(e.reason, 'no-database');
    assert.match(
      e.message,
      /: the database does not exist: database "latchkey_no_such_database" does not exist$/,
    );
  });

  it('a server started on an unreachable store says so and exits', async () => {
    const port = await freePort();
    const server = startServerProcess({
      DATABASE_URL: `postgres://app:${PASSWORD}@127.0.0.1:${port}/latchkey`,
      LATCHKEY_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    });
    assert.equal(await server.exited, 1);
    assert.match(
      server.output(),
      new RegExp(
        `latchkey: cannot start: store unavailable: PostgreSQL app@127\\.0\\.0\\.1:${port}/latchkey: connection refused`,
      ),
    );
    assert.ok(!server.output().includes(PASSWORD), server.output());
  });
});
