// Helpers for the auth API v1 tests: v1 tokens, lock holders with identifiers, raw lock rows.
import assert from 'node:assert/strict';
import { uuidv7 } from '../../src/ids.ts';
import { ADMIN_TOKEN, type TestApp } from './app.ts';

export interface Creds {
  clientId: string;
  clientSecret: string;
}

export const basicAuth = (c: Creds) =>
  `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`;

/** POST /auth/v1/token with JSON body credentials; returns the raw response. */
export function v1TokenCall(t: TestApp, c: Creds, scope?: unknown, extra: Record<string, unknown> = {}) {
  return t.call('POST', '/auth/v1/token', {
    body: {
      grant_type: 'client_credentials',
      client_id: c.clientId,
      client_secret: c.clientSecret,
      ...(scope !== undefined ? { scope } : {}),
      ...extra,
    },
  });
}

/** A v1 access token; fails the test when the grant is refused. */
export async function v1Token(t: TestApp, c: Creds, scope?: unknown): Promise<string> {
  const r = await v1TokenCall(t, c, scope);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.access_token;
}

/** The payload of a JWT, unverified (the tests check what the service put in it). */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

/** A project with a lock-holder identifier, created through the v2 organization API. */
export async function createIdentifiedProject(
  t: TestApp,
  organizationId: string,
  orgToken: string,
  o: { name?: string; countryIso: string; orgNumber: string; orgNumberSuffix?: string },
): Promise<string> {
  const r = await t.call('POST', `/v2/organization/${organizationId}/projects`, {
    token: orgToken,
    body: { name: o.name ?? `${o.countryIso} ${o.orgNumber}`, ...o },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.project.id;
}

/** Inserts a lock row directly (the locks API is not needed to test lock-holder reads). */
export async function insertLock(
  t: TestApp,
  projectId: string,
  o: { name?: string; address?: string; deleted?: boolean; metadata?: Record<string, string> } = {},
): Promise<string> {
  const id = uuidv7();
  await t.store.db.query(
    `INSERT INTO locks (id, project_id, name, timezone, address, metadata, deleted)
     VALUES ($1, $2, $3, 'Europe/Oslo', $4, $5, CASE WHEN $6 THEN now() END)`,
    [id, projectId, o.name ?? 'Front door', o.address ?? null, JSON.stringify(o.metadata ?? {}), !!o.deleted],
  );
  return id;
}

/** Admin API: give a client a scope on a project (possibly of another organization). */
export async function adminGrant(t: TestApp, clientId: string, projectId: string, scope: string) {
  const r = await t.call('PUT', `/admin/v1/clients/${clientId}/grants`, {
    token: ADMIN_TOKEN,
    body: { resourceType: 'project', resourceId: projectId, scope },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}
