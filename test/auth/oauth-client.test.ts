// A standard OAuth library works untouched after discovery: openid-client discovers the server
// through RFC 8414 metadata, authenticates with client_secret_basic and with client_secret_post,
// and jose verifies the token through the remote JWKS. Runs against a real listening server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { freePort } from '../helpers/net.ts';
import { skipThroughPrism } from '../helpers/prism.ts';

let t: TestApp;
let a: Tenant;
let base: string;

describe(
  'openid-client',
  skipThroughPrism('it discovers the issuer at the listener it started itself, and checks it'),
  () => {
    // Inside the suite: skipped through Prism, it starts no listener.
    before(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      t = await startTestApp({ LATCHKEY_PUBLIC_URL: base, PORT: String(port) });
      await t.app.listen({ port, host: '127.0.0.1' });
      a = await createTenant(t);
    });
    after(() => t.close());

    for (const method of ['basic', 'post'] as const) {
      it(`client_credentials with client_secret_${method}`, async () => {
        const auth =
          method === 'basic'
            ? client.ClientSecretBasic(a.clientSecret)
            : client.ClientSecretPost(a.clientSecret);
        const config = await client.discovery(new URL(base), a.clientId, undefined, auth, {
          algorithm: 'oauth2',
          execute: [client.allowInsecureRequests],
        });
        assert.equal(config.serverMetadata().token_endpoint, `${base}/oauth2/token`);
        const tokens = await client.clientCredentialsGrant(config, {
          scope: 'project.admin',
          project_id: a.projectId,
        });
        assert.equal(tokens.token_type, 'bearer');
        assert.equal(tokens.scope, 'project.admin');
        assert.equal(tokens.expires_in, 3600);

        const jwks = createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`));
        const { payload } = await jwtVerify(tokens.access_token, jwks, {
          issuer: base,
          audience: base,
          typ: 'at+jwt',
        });
        assert.equal(payload.project_id, a.projectId);

        const r = await fetch(`${base}/v2/projects/${a.projectId}`, {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        });
        assert.equal(r.status, 200);
      });
    }

    it('surfaces OAuth errors as the library expects', async () => {
      const config = await client.discovery(
        new URL(base),
        a.clientId,
        undefined,
        client.ClientSecretPost('wrong'),
        {
          algorithm: 'oauth2',
          execute: [client.allowInsecureRequests],
        },
      );
      await assert.rejects(
        client.clientCredentialsGrant(config, { scope: 'project.admin', project_id: a.projectId }),
        (e: any) => {
          assert.equal(e.error, 'invalid_client');
          return true;
        },
      );
    });
  },
);
