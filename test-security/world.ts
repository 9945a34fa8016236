// The tenant the security suites attack: two organizations with a project each, and under A's
// project a lock, a managed user, a key, a sharing right, a webhook and a delivery, so every path
// parameter of every route can be filled with a real id (a refusal then proves the token check, not
// a 404). Rows are written directly (test/helpers/events.ts), so the world does not depend on which
// resource APIs are merged; the routes themselves come from the OpenAPI document.
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Operation } from '../scripts/fuzz-openapi.ts';
import { uuidv7 } from '../src/ids.ts';
import { operations } from '../src/operation-table.ts';
import { APP_SCOPE } from '../src/resources/app/app-token.ts';
import { ADMIN_TOKEN, type TestApp } from '../test/helpers/app.ts';
import {
  appToken,
  keyInsert,
  lockInsert,
  managedUserInsert,
  newPhone,
  sharingRightInsert,
  webhookInsert,
} from '../test/helpers/events.ts';
import { createClient, createTenant, type Tenant } from '../test/helpers/factories.ts';
import { v1Token } from '../test/helpers/v1.ts';

export type Family = 'open' | 'admin' | 'v1' | 'app' | 'organization' | 'project';

export interface World {
  a: Tenant;
  b: Tenant;
  /** Path parameter (and body field) values, all real records of tenant A. */
  ids: Record<string, string>;
  phone: string;
  tokens: {
    admin: string;
    org: string;
    project: string;
    oauth2: string;
    v1: string;
    app: string;
    otherOrg: string;
    otherProject: string;
    otherV1: string;
    otherApp: string;
  };
}

const declared = new Map(operations.map((o) => [o.operationId, o]));

/** Which kind of credential a route takes, from its declaration in the operations table. */
export function familyOf(op: Operation): Family {
  const auth = declared.get(op.operationId)?.auth;
  if (!auth) throw new Error(`${op.method} ${op.path} is not in the operations table`);
  switch (auth.kind) {
    case 'none':
    case 'client':
      return 'open';
    case 'admin':
    case 'v1':
      return auth.kind;
    case 'bearer':
      if (auth.resource) return auth.resource;
      if (auth.scopes.includes(APP_SCOPE)) return 'app';
  }
  throw new Error(`no credential rule for ${op.operationId}: extend familyOf`);
}

export async function buildWorld(t: TestApp): Promise<World> {
  // A sandbox project, so that simulate (sandbox only) gets past its own check in the positive control.
  const a = await createTenant(t, 'Alpha', { sandbox: true });
  const b = await createTenant(t, 'Beta');
  // A second client of A's organization: the admin and api-permission routes act on it, so a
  // positive control that deletes or rotates it does not end A's own tokens.
  const spare = await createClient(t, a.organizationId, 'spare');
  const phone = newPhone();
  const lockId = await lockInsert(t, a.projectId, { name: 'Front door' });
  await managedUserInsert(t, a.projectId, phone, 'Kari', 'Nordmann');
  const keyId = await keyInsert(t, { projectId: a.projectId, lockId, appUserId: phone });
  await sharingRightInsert(t, a.projectId, lockId, phone);
  const webhookId = await webhookInsert(t, a.projectId, lockId);
  const deliveryId = uuidv7();
  await t.store.db.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_id, body, event_received, status)
     VALUES ($1, $2, $3, $4, '{}', now(), 'failed')`,
    [deliveryId, webhookId, a.projectId, uuidv7()],
  );
  // A bridge of A's organization and a device of the app user: reads (and a credential) must find them.
  const app = await appToken(t, phone);
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  const device = await t.call('POST', '/v2/app/devices', {
    token: app,
    body: { publicKey: { kty, crv, x, y } },
  });
  if (device.status !== 201) throw new Error(`device: ${device.status} ${JSON.stringify(device.body)}`);
  const bridge = await t.call('POST', `/v2/organization/${a.organizationId}/bridges`, {
    token: a.orgToken,
    body: { name: 'Hall' },
  });
  if (bridge.status !== 201) throw new Error(`bridge: ${bridge.status} ${JSON.stringify(bridge.body)}`);
  const oauth = await t.call('POST', '/oauth2/token', {
    body: {
      grant_type: 'client_credentials',
      client_id: a.clientId,
      client_secret: a.clientSecret,
      scope: 'project.admin',
      project_id: a.projectId,
    },
  });
  const v1Scope = (p: string) => `integrator.admin lockHolder.admin:${p}`;
  return {
    a,
    b,
    phone,
    ids: {
      organizationId: a.organizationId,
      projectId: a.projectId,
      clientId: spare.clientId,
      lockId,
      keyId,
      appUserId: phone,
      lockHolderId: a.projectId,
      webhookId,
      deliveryId,
      resourceId: a.projectId,
      bridgeId: bridge.body.bridge.id,
      deviceId: device.body.device.id,
    },
    tokens: {
      admin: ADMIN_TOKEN,
      org: a.orgToken,
      project: a.projectToken,
      oauth2: oauth.body.access_token,
      v1: await v1Token(t, a, v1Scope(a.projectId)),
      app,
      otherOrg: b.orgToken,
      otherProject: b.projectToken,
      otherV1: await v1Token(t, b, v1Scope(b.projectId)),
      otherApp: await appToken(t, newPhone()),
    },
  };
}

export function validTokenFor(w: World, family: Family): string | undefined {
  switch (family) {
    case 'admin':
      return w.tokens.admin;
    case 'v1':
      return w.tokens.v1;
    case 'app':
      return w.tokens.app;
    case 'organization':
      return w.tokens.org;
    case 'project':
      return w.tokens.project;
    default:
      return undefined;
  }
}

export function payloadOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}

/** Signs claims with the service's own current key: only the attacked property is wrong. */
export async function ownSigned(
  t: TestApp,
  claims: Record<string, unknown>,
  header: Record<string, unknown> = {},
): Promise<string> {
  const { kid, key } = t.ctx.signingKeys.signer();
  const jwk = key.export({ format: 'jwk' });
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid, ...header })
    .sign(createPrivateKey({ key: jwk, format: 'jwk' }));
}
