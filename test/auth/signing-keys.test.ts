// Key rotation without a failed request: the new key is published before it signs, tokens of the
// old key stay valid, and a process that has not seen the new key yet picks it up on first sight.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { createContext } from '../../src/context.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, getToken, type Tenant } from '../helpers/factories.ts';
import { skipThroughPrism } from '../helpers/prism.ts';

let t: TestApp;
let a: Tenant;
before(async () => {
  t = await startTestApp({ LATCHKEY_SIGNING_KEY_ACTIVATION_SECONDS: '1' });
  a = await createTenant(t);
});
after(() => t.close());

const kidOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()).kid as string;
const creds = () => ({
  client_id: a.clientId,
  client_secret: a.clientSecret,
  scope: 'project.admin',
  project_id: a.projectId,
});

describe('signing key rotation', () => {
  it(
    'publishes first, signs after the activation delay, keeps old tokens valid',
    skipThroughPrism(
      'it bounds how long a change takes to be seen, and the proxy adds its own time to every request',
    ),
    async () => {
      // A second process on the same store (same master key) that has loaded only the old key.
      const other = await createContext(t.config, t.store.db);
      const otherApp = await buildApp(other, {
        logStream: { write: () => true } as unknown as NodeJS.WritableStream,
      });

      const oldToken = a.projectToken;
      const oldKid = kidOf(oldToken);
      const { kid: newKid, signsFrom } = await t.ctx.signingKeys.rotate();
      assert.notEqual(newKid, oldKid);
      const jwks = (await t.call('GET', '/.well-known/jwks.json')).body.keys.map(
        (k: { kid: string }) => k.kid,
      );
      assert.deepEqual(jwks.sort(), [oldKid, newKid].sort(), 'both keys published');
      assert.equal(kidOf(await getToken(t, creds())), oldKid, 'the old key still signs during activation');

      await new Promise((r) => setTimeout(r, Math.max(0, signsFrom.getTime() - Date.now()) + 50));
      const newToken = await getToken(t, creds());
      assert.equal(kidOf(newToken), newKid, 'the new key signs after activation');

      for (const token of [oldToken, newToken]) {
        assert.equal((await t.call('GET', `/v2/projects/${a.projectId}`, { token })).status, 200);
        const r = await otherApp.inject({
          method: 'GET',
          url: `/v2/projects/${a.projectId}`,
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(r.statusCode, 200, 'a process that had not reloaded yet accepts the new key too');
      }
      await otherApp.close();
    },
  );

  it('the private key is stored encrypted', async () => {
    const { rows } = await t.store.db.query<{ private_key_enc: string }>(
      'SELECT private_key_enc FROM signing_keys',
    );
    for (const r of rows) {
      assert.match(r.private_key_enc, /^v1\./);
      assert.ok(!r.private_key_enc.includes('PRIVATE KEY'));
    }
  });
});
