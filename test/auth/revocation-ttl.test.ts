// With the default cache (2 s), a change made by ANOTHER process (which cannot clear our cache)
// still stops old tokens and old secrets within 5 seconds.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { createContext } from '../../src/context.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant } from '../helpers/factories.ts';
import { skipThroughPrism } from '../helpers/prism.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp({ LATCHKEY_REVOCATION_CACHE_SECONDS: '2' });
});
after(() => t.close());

describe('revocation seen from another process', () => {
  it(
    'a secret rotated elsewhere stops tokens and the old secret here within 5 s',
    skipThroughPrism(
      'it bounds how long a change takes to be seen, and the proxy adds its own time to every request',
    ),
    async () => {
      const a = await createTenant(t);
      // "Another process": its own context and caches over the same store.
      const other = await createContext(t.config, t.store.db, {
        logStream: { write: () => true } as unknown as NodeJS.WritableStream,
      });
      const otherApp = await buildApp(other);
      // Warm this process's cache so the revocation must be noticed by expiry, not by a miss.
      assert.equal(
        (await t.call('GET', `/v2/projects/${a.projectId}`, { token: a.projectToken })).status,
        200,
      );
      const rot = await otherApp.inject({
        method: 'POST',
        url: `/admin/v1/clients/${a.clientId}/rotate-secret`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.equal(rot.statusCode, 200);
      const started = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - started < 6000) {
        status = (await t.call('GET', `/v2/projects/${a.projectId}`, { token: a.projectToken })).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 100));
      }
      const elapsed = Date.now() - started;
      assert.equal(status, 401);
      assert.ok(elapsed < 5000, `refused after ${elapsed} ms`);
      const old = await t.call('POST', '/v2/auth/token/', {
        body: {
          grant_type: 'client_credentials',
          client_id: a.clientId,
          client_secret: a.clientSecret,
          scope: 'project.admin',
          project_id: a.projectId,
        },
      });
      assert.equal(old.status, 401, 'the old secret is refused too');
      await otherApp.close();
      await other.close();
    },
  );
});
