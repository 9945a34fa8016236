// Request and response shapes of the app user's device keys.
import { Type } from '@sinclair/typebox';
import type { P256PublicJwk } from '../../credentials/jwk.ts';
import { E164, Timestamp, Uuid } from '../../http/schemas.ts';

/** At most this many devices per app user: a sixth is 409 (a person has a phone or two, not dozens). */
export const MAX_DEVICES = 5;

const coordinate = (name: string) =>
  ({
    type: 'string',
    // Bounded loosely: the handler says in plain words what a coordinate must be.
    maxLength: 256,
    description: `the point's ${name} coordinate: 32 bytes, base64url (43 characters)`,
  }) as const;

// Checked in the handler (publicJwkProblem), which names `publicKey` with a reason in plain words;
// the schema only says what to send.
const PublicKey = Type.Unsafe<P256PublicJwk>({
  type: 'object',
  description:
    'The public half of the device key, as an EC P-256 JWK (RFC 7517): kty "EC", crv "P-256", x and y; kid, alg "ES256", use "sig" and key_ops ["verify"] are allowed. Never the private key.',
  properties: {
    kty: { type: 'string', maxLength: 32, description: '"EC"' },
    crv: { type: 'string', maxLength: 32, description: '"P-256"' },
    x: coordinate('x'),
    y: coordinate('y'),
  },
  examples: [
    {
      kty: 'EC',
      crv: 'P-256',
      x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
      y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
    },
  ],
});

export const DeviceCreateBody = Type.Object(
  {
    publicKey: PublicKey,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, examples: ["Kari's phone"] })),
  },
  { additionalProperties: false },
);

export const DeviceSchema = Type.Object(
  {
    id: Uuid,
    name: Type.Union([Type.String(), Type.Null()]),
    thumbprint: Type.String({
      description: "RFC 7638 SHA-256 thumbprint of the public key, base64url: a credential's cnf.jkt",
      examples: ['NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs'],
    }),
    created: Timestamp,
  },
  { $id: 'Device' },
);

export const DeviceParams = Type.Object({ deviceId: Uuid });

/** A device as the project's integrator sees it: the app's view, and when it last fetched a credential here. */
export const ProjectDeviceSchema = Type.Object(
  {
    id: Uuid,
    name: Type.Union([Type.String(), Type.Null()], { description: 'The name the app gave it, if any' }),
    thumbprint: DeviceSchema.properties.thumbprint,
    created: Timestamp,
    lastCredentialAt: Type.Union([Timestamp, Type.Null()], {
      description:
        "When it last fetched a credential for a key of this project (to the minute); null if it never has. Fetches for other projects' keys are not shown.",
    }),
  },
  { $id: 'AppUserDevice' },
);

export const AppUserDevicesParams = Type.Object({
  projectId: Uuid,
  appUserId: Type.String({ ...E164, description: 'E.164, URL-encoded: %2B4799887766' }),
});
