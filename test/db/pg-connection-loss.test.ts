// PostgreSQL only: a connection that dies while a transaction is open and idle between two of its
// queries (a server restart, a failover) used to emit an unhandled 'error' on the checked-out
// client and crash the process. Now the next query fails as StoreUnavailableError (503) and the
// store keeps working with fresh connections.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pg from 'pg';
import { StoreUnavailableError } from '../../src/db/errors.ts';
import { openPgStore } from '../../src/db/pg-store.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';

it('a connection lost mid-transaction is a 503, not a crash', { skip: !TEST_DATABASE_URL }, async () => {
  const db = await openPgStore({ url: TEST_DATABASE_URL!, poolSize: 2 });
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await assert.rejects(
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        // The server closes the socket while this transaction is between queries.
        await new Promise((r) => setTimeout(r, 300));
        await tx.query('SELECT 1');
      }),
      (e) => e instanceof StoreUnavailableError,
    );
    const { rows } = await db.query<{ one: number }>('SELECT 1 AS one');
    assert.deepEqual(rows, [{ one: 1 }]);
  } finally {
    await admin.end();
    await db.close();
  }
});
