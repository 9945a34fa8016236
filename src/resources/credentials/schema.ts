// Shapes of the offline-credential operations: issuer key sets, credentials, provisioning bundles.
import { Type } from '@sinclair/typebox';
import { Timestamp, Uuid } from '../../http/schemas.ts';

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

const IssuerKeys = Type.Array(IssuerJwkSchema, {
  description:
    'Oldest first; the last one signs new credentials, the others were rotated out and stay listed while credentials they signed may be unexpired, and 30 days more',
});

export const IssuerKeyStateSchema = Type.Object(
  {
    kid: Type.String({ description: 'The `kid` of a key in `keys`' }),
    created: Timestamp,
    signing: Type.Boolean({ description: 'Signs new credentials now (exactly one key does)' }),
    retired: Type.Union([Timestamp, Type.Null()], {
      description: 'When it stopped signing (a rotation); null for the signing key',
    }),
    listedUntil: Type.Union([Timestamp, Type.Null()], {
      description:
        'When a rotated-out key leaves the key set and the provisioning bundles; null for the signing key',
    }),
  },
  { $id: 'CredentialIssuerKeyState' },
);

// `keys` stays a plain JWK set (a lock or a JOSE library takes it as is); what people managing the
// keys need to know about each (made when, signing or until when listed) comes beside it.
export const IssuerKeySetSchema = Type.Object({
  keys: IssuerKeys,
  states: Type.Array(IssuerKeyStateSchema, {
    description:
      'Each key of `keys`, in the same order: when it was made, whether it signs, until when it stays listed',
  }),
});

export const CredentialQuery = Type.Object(
  { deviceId: Type.String({ format: 'uuid', description: 'One of your devices (POST /v2/app/devices)' }) },
  { additionalProperties: false },
);

export const CredentialResponse = Type.Object({
  credential: Type.String({
    description:
      'A compact JWS (RFC 7515), ES256, header { alg, typ: "latchkey-credential+jwt", kid }; claims iss, sub, jti (the key), lock, iat, nbf, exp, tz, win, cnf.jkt (the device) and rev (the lock\'s revocation list)',
  }),
  expiresAt: Timestamp,
  lockId: Uuid,
});

const RevocationSchema = Type.Object(
  {
    v: Type.Integer({
      minimum: 0,
      description: 'Only ever grows; a lock keeps the list with the highest v it has seen',
    }),
    keys: Type.Array(Type.String({ format: 'uuid' }), {
      description: "Ids of the lock's revoked keys whose credentials may still be unexpired",
    }),
    before: Type.Optional(
      Type.Integer({
        description: 'Unix seconds: every credential for the lock issued before it is revoked',
      }),
    ),
  },
  { $id: 'CredentialRevocationList' },
);

export const ProvisioningSchema = Type.Object(
  {
    lockId: Uuid,
    timezone: Type.String({ examples: ['Europe/Oslo'] }),
    issuer: Type.String({ description: "The service's public URL, the credentials' iss" }),
    keys: Type.Array(IssuerJwkSchema),
    revocation: RevocationSchema,
    utcOffsets: Type.Object(
      {
        until: Type.Integer({ description: 'Unix seconds at which the table stops covering the clock' }),
        periods: Type.Array(Type.Object({ from: Type.Integer(), offsetMinutes: Type.Integer() }), {
          description: "The time zone's UTC offsets from a day before provisioning for 20 years, ascending",
        }),
      },
      { description: "The lock's local time rules (DST included), so it needs no time-zone database" },
    ),
  },
  { $id: 'ProvisioningBundle' },
);
export const ProvisioningComponents = [RevocationSchema, ProvisioningSchema];
