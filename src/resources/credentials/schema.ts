// Shapes of the offline-credential operations: issuer key sets, credentials, provisioning bundles.
import { Type } from '@sinclair/typebox';

export const IssuerJwkSchema = Type.Object(
  {
    kty: Type.Literal('EC'),
    crv: Type.Literal('P-256'),
    x: Type.String(),
    y: Type.String(),
    kid: Type.String({
      description: 'RFC 7638 thumbprint of the key; the `kid` of the credentials it signs',
    }),
    alg: Type.Literal('ES256'),
    use: Type.Literal('sig'),
  },
  { $id: 'CredentialIssuerKey', description: 'A public issuer key, as a JWK (RFC 7517)' },
);

export const IssuerKeySetSchema = Type.Object({
  keys: Type.Array(IssuerJwkSchema, {
    description:
      'Oldest first; the last one signs new credentials, the others were rotated out and stay listed while credentials they signed may be unexpired, and 30 days more',
  }),
});
