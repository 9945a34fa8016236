// A master key that cannot open what the store holds stops the start, in plain words, instead of a
// server that says ready and then fails every token request; /readyz is never ready while the
// service cannot sign; with DATABASE_URL there is no key file to fall back to. Both stores.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { newKeyMaterial } from '../../src/auth/signing-keys.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { MasterKeyMismatchError, openKeyring } from '../../src/crypto/keyring-open.ts';
import { createKeyring, masterKeyId } from '../../src/crypto/master-key.ts';
import { startTestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/net.ts';
import { type ProcessStore, processStore, startServerProcess, waitReady } from '../helpers/process.ts';
import { openTestStore } from '../helpers/store.ts';

const key = () => randomBytes(32);

describe('a master key that does not open the store', () => {
  it('stops the start, naming both key ids and what to do; the right key still opens it', async () => {
    const store = await openTestStore();
    try {
      const [a, b] = [key(), key()];
      const first = await openKeyring(store.db, a);
      const webhookSecret = first.encrypt('whsec_x');
      await store.db.query(
        "INSERT INTO signing_keys (kid, public_jwk, private_key_enc, signs_from) VALUES ('k1', '{}', $1, now())",
        [newKeyMaterial(first).sealed],
      );
      await assert.rejects(openKeyring(store.db, b), (e: Error) => {
        assert.ok(e instanceof MasterKeyMismatchError);
        assert.match(e.message, /cannot open the secrets this store holds/);
        assert.match(e.message, new RegExp(`sealed under master key ${masterKeyId(a)}`));
        assert.match(e.message, new RegExp(`its id: ${masterKeyId(b)}`));
        assert.match(e.message, /LATCHKEY_MASTER_KEY_PREVIOUS/);
        assert.match(e.message, /latchkey master-key rotate/);
        return true;
      });
      const again = await openKeyring(store.db, a);
      assert.equal(again.decrypt(webhookSecret), 'whsec_x');
      assert.deepEqual(again.pepper, first.pepper);
    } finally {
      await store.close();
    }
  });

  it('a store from before the hashing keys were kept: keys derived as before, a wrong key refused', async () => {
    const store = await openTestStore();
    try {
      const [a, b] = [key(), key()];
      const old = createKeyring(a); // what every earlier version used: derived from the master key
      await store.db.query(
        "INSERT INTO signing_keys (kid, public_jwk, private_key_enc, signs_from) VALUES ('k1', '{}', $1, now())",
        [newKeyMaterial(old).sealed],
      );
      await assert.rejects(openKeyring(store.db, b), /token signing keys .* sealed under/);
      const { rows } = await store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM hash_keys');
      assert.equal(rows[0]!.n, 0, 'a refused start wrote nothing');
      const opened = await openKeyring(store.db, a);
      assert.deepEqual(opened.pepper, old.pepper, 'client secrets hashed before still match');
      assert.deepEqual(opened.fingerprint, old.fingerprint);
    } finally {
      await store.close();
    }
  });

  it('/readyz answers 503 while the signing key cannot be opened, and 200 again once it can', async () => {
    const t = await startTestApp();
    try {
      assert.equal((await t.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
      // A key this process cannot open becomes the signing key (written by a process with another
      // master key, as a misconfigured deployment would).
      const foreign = newKeyMaterial(createKeyring(key()));
      await t.store.db.query('UPDATE signing_keys SET retired_at = now()');
      await t.store.db.query(
        "INSERT INTO signing_keys (kid, public_jwk, private_key_enc, signs_from) VALUES ($1, $2, $3, now() - interval '1 second')",
        [foreign.kid, JSON.stringify(foreign.jwk), foreign.sealed],
      );
      await t.ctx.signingKeys.load();
      const r = await t.inject({ method: 'GET', url: '/readyz' });
      assert.equal(r.statusCode, 503);
      assert.deepEqual(r.json(), { status: 'cannot sign tokens' });
      await t.ctx.signingKeys.rotate();
      await t.store.db.query(
        "UPDATE signing_keys SET signs_from = now() - interval '1 second' WHERE kid <> $1",
        [foreign.kid],
      );
      await t.store.db.query('DELETE FROM signing_keys WHERE kid = $1', [foreign.kid]);
      await t.ctx.signingKeys.load();
      assert.equal((await t.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
    } finally {
      await t.close();
    }
  });

  it('DATABASE_URL without LATCHKEY_MASTER_KEY is refused, not served with a key file', () => {
    assert.throws(
      () => loadConfig({ DATABASE_URL: 'postgres://u@db.example/x' }),
      (e: Error) =>
        e instanceof ConfigError &&
        /LATCHKEY_MASTER_KEY: must be set when DATABASE_URL is set: every process on one database must use the same master key, so none is generated or read from a file/.test(
          e.message,
        ),
    );
    assert.throws(
      () => loadConfig({ LATCHKEY_MASTER_KEY_PREVIOUS: key().toString('base64') }),
      /LATCHKEY_MASTER_KEY_PREVIOUS: needs LATCHKEY_MASTER_KEY/,
    );
  });
});

describe('the server process', () => {
  let store: ProcessStore;
  before(async () => {
    store = await processStore();
  });
  after(() => store.dispose());

  it('started with a master key other than the store was written with exits 1 with the reason', async () => {
    const env = { ...store.env, HOST: '127.0.0.1', LATCHKEY_MASTER_KEY: key().toString('base64') };
    const port = await freePort();
    const first = startServerProcess({ ...env, PORT: String(port) });
    try {
      await waitReady(`http://127.0.0.1:${port}`, first);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
    const wrong = key();
    const second = startServerProcess({
      ...env,
      PORT: String(await freePort()),
      LATCHKEY_MASTER_KEY: wrong.toString('base64'),
    });
    assert.equal(await second.exited, 1);
    assert.match(
      second.output(),
      new RegExp(
        `latchkey: cannot start: the master key cannot open the secrets this store holds: .*LATCHKEY_MASTER_KEY \\(its id: ${masterKeyId(wrong)}\\) is not the key this store was written with`,
      ),
    );
  });

  it('DATABASE_URL and no LATCHKEY_MASTER_KEY: exits 2 naming the variable, writes no key file', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'latchkey-nokey-'));
    try {
      const server = startServerProcess({
        LATCHKEY_DATA_DIR: join(cwd, 'data'),
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
        LATCHKEY_MASTER_KEY: '',
        PORT: String(await freePort()),
      });
      assert.equal(await server.exited, 2);
      assert.match(server.output(), /LATCHKEY_MASTER_KEY: must be set when DATABASE_URL is set/);
      assert.equal(existsSync(join(cwd, 'data', 'master.key')), false);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
