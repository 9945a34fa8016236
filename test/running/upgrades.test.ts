// Upgrades. A store as the previous version left it (the migrations before this version's, and rows
// as that code wrote them: secrets sealed without a key id, hashing keys derived from the master
// key and kept nowhere) starts under today's code with nothing lost: the client's secret still
// authenticates, the signing key signs, the webhook secret opens. A store written by a newer version
// (a migration this code does not know) is refused at start, in plain words, by `npm start` too;
// a process already running stays ready when a newer version migrates beside it (rolling upgrade).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { newKeyMaterial } from '../../src/auth/signing-keys.ts';
import { loadConfig } from '../../src/config.ts';
import { createContext } from '../../src/context.ts';
import { createKeyring } from '../../src/crypto/master-key.ts';
import type { Db } from '../../src/db/db.ts';
import { migrate, NewerStoreError, readMigrations } from '../../src/db/migrate.ts';
import { openPgStore } from '../../src/db/pg-store.ts';
import { openPgliteStore } from '../../src/db/pglite-store.ts';
import { clientCreate, organizationCreate } from '../../src/resources/admin/service.ts';
import { startTestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/net.ts';
import { cli, processStore, startServerProcess } from '../helpers/process.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';

/** The first migration of this version: the ones before it are what the previous version ran. */
const FIRST_OF_THIS_VERSION = 45;

async function emptyStore(): Promise<{ db: Db; close(): Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const db = await openPgliteStore({});
    return { db, close: () => db.close() };
  }
  const schema = `t_up_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openPgStore({ url: TEST_DATABASE_URL, poolSize: 4, schema });
  return {
    db,
    async close() {
      await db.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

describe('upgrades', () => {
  it("the previous version's store starts under this code with nothing lost", async () => {
    const store = await emptyStore();
    try {
      const master = randomBytes(32);
      const old = createKeyring(master); // one key, derived hashing keys, `v1.` text: as before
      await migrate(
        store.db,
        readMigrations().filter((m) => m.version < FIRST_OF_THIS_VERSION),
      );
      const org = await organizationCreate(store.db, 'Before the upgrade');
      const { client, clientSecret } = await clientCreate(store.db, old, org.id, 'old client');
      const signing = newKeyMaterial(old);
      await store.db.query(
        'INSERT INTO signing_keys (kid, public_jwk, private_key_enc, signs_from) VALUES ($1, $2, $3, now())',
        [signing.kid, JSON.stringify(signing.jwk), signing.sealed],
      );
      const webhookSecret = old.encrypt('whsec_before');
      assert.match(signing.sealed, /^v1\./);

      const applied = await migrate(store.db);
      assert.ok(applied.length > 0 && applied.every((m) => Number(m.slice(0, 4)) >= FIRST_OF_THIS_VERSION));
      const config = loadConfig({
        LATCHKEY_DATA_DIR: '/nonexistent',
        LATCHKEY_MASTER_KEY: master.toString('base64'),
        LATCHKEY_PUBLIC_URL: 'http://latchkey.test',
        LATCHKEY_WORKER: 'off',
      });
      const ctx = await createContext(config, store.db);
      assert.equal(ctx.keyring.decrypt(webhookSecret), 'whsec_before');
      assert.equal(ctx.signingKeys.signer().kid, signing.kid, 'the old signing key still signs');
      const app = await buildApp(ctx);
      try {
        const r = await app.inject({
          method: 'POST',
          url: '/v2/auth/token/',
          payload: {
            grant_type: 'client_credentials',
            client_id: client.id,
            client_secret: clientSecret,
            scope: 'organization.admin',
            organization_id: org.id,
          },
        });
        assert.equal(r.statusCode, 200, r.body);
        const orgs = await app.inject({
          method: 'GET',
          url: `/v2/organization/${org.id}`,
          headers: { authorization: `Bearer ${r.json().access_token}` },
        });
        assert.equal(orgs.statusCode, 200);
        assert.equal(orgs.json().organization.name, 'Before the upgrade');
        assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
      } finally {
        await app.close();
      }
    } finally {
      await store.close();
    }
  });

  it('a store written by a newer version is refused, naming the migration; running processes stay ready', async () => {
    const t = await startTestApp();
    try {
      await t.store.db.query(
        "INSERT INTO schema_migrations (version, name) VALUES (9999, 'from_the_future')",
      );
      assert.equal((await t.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
      await assert.rejects(migrate(t.store.db), (e: Error) => {
        assert.ok(e instanceof NewerStoreError);
        assert.match(
          e.message,
          /this store was written by a newer version of Latchkey: it has migration 9999_from_the_future, which this version does not know/,
        );
        return true;
      });
    } finally {
      await t.close();
    }
  });

  it('npm start on a store of a newer version exits 1 with that message', async () => {
    const store = await processStore();
    try {
      assert.equal(cli(['migrate'], store.env).status, 0);
      if (store.env.DATABASE_URL) {
        const c = new pg.Client({ connectionString: store.env.DATABASE_URL });
        await c.connect();
        await c.query("INSERT INTO schema_migrations (version, name) VALUES (9999, 'from_the_future')");
        await c.end();
      } else {
        const { join } = await import('node:path');
        const db = await openPgliteStore({ dataDir: join(store.env.LATCHKEY_DATA_DIR!, 'pglite') });
        await db.query("INSERT INTO schema_migrations (version, name) VALUES (9999, 'from_the_future')");
        await db.close();
      }
      const server = startServerProcess({ ...store.env, PORT: String(await freePort()), HOST: '127.0.0.1' });
      assert.equal(await server.exited, 1);
      assert.match(
        server.output(),
        /latchkey: cannot start: this store was written by a newer version of Latchkey/,
      );
    } finally {
      await store.dispose();
    }
  });
});
