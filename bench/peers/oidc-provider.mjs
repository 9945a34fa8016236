// node-oidc-provider (the most used Node.js authorization server) configured as a peer of
// Latchkey's token endpoint for `npm run bench:token`: one confidential client, the
// client_credentials grant, client_secret_post and client_secret_basic, and ES256-signed JWT access
// tokens through its resource-indicators feature (a resource server whose accessTokenFormat is
// 'jwt'). Production-like: no dev interactions, no request logging (oidc-provider logs nothing by
// itself). Started by the bench as `node bench/peers/oidc-provider.mjs <port> <client_secret>`.
import { generateKeyPairSync } from 'node:crypto';
import Provider from 'oidc-provider';

const [port, secret] = [Number(process.argv[2]), process.argv[3]];
const RESOURCE = 'https://api.bench.test';
const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const jwk = { ...privateKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid: 'bench-es256' };

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: 'bench',
      client_secret: secret,
      grant_types: ['client_credentials'],
      redirect_uris: [],
      response_types: [],
      token_endpoint_auth_method: process.env.PEER_AUTH_METHOD ?? 'client_secret_post',
      id_token_signed_response_alg: 'ES256', // its only key; the grant issues no ID token
    },
  ],
  jwks: { keys: [jwk] },
  scopes: ['project.admin'],
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => RESOURCE,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({
        scope: 'project.admin',
        accessTokenFormat: 'jwt',
        accessTokenTTL: 3600,
        jwt: { sign: { alg: 'ES256' } },
      }),
    },
  },
});
provider.listen(port, '127.0.0.1');
