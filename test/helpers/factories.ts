// Builders for the tenancy every test needs, through the public API (admin API + token endpoint).
import assert from 'node:assert/strict';
import { ADMIN_TOKEN, type TestApp } from './app.ts';

export interface Tenant {
  organizationId: string;
  clientId: string;
  clientSecret: string;
  orgToken: string;
  projectId: string;
  projectToken: string;
}

export async function createOrganization(t: TestApp, name = 'Acme Property'): Promise<string> {
  const r = await t.call('POST', '/admin/v1/organizations', { token: ADMIN_TOKEN, body: { name } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.organization.id;
}

export async function createClient(t: TestApp, organizationId: string, name = 'booking-system') {
  const r = await t.call('POST', `/admin/v1/organizations/${organizationId}/clients`, {
    token: ADMIN_TOKEN,
    body: { name },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return { clientId: r.body.client.id as string, clientSecret: r.body.clientSecret as string };
}

export async function getToken(t: TestApp, body: Record<string, unknown>): Promise<string> {
  const r = await t.call('POST', '/v2/auth/token/', { body: { grant_type: 'client_credentials', ...body } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.access_token;
}

/** An organization with a client, an organization token, a project and a project token. */
export async function createTenant(
  t: TestApp,
  name = 'Acme',
  o: { sandbox?: boolean } = {},
): Promise<Tenant> {
  const organizationId = await createOrganization(t, name);
  const { clientId, clientSecret } = await createClient(t, organizationId);
  const creds = { client_id: clientId, client_secret: clientSecret };
  const orgToken = await getToken(t, {
    ...creds,
    scope: 'organization.admin',
    organization_id: organizationId,
  });
  const p = await t.call('POST', `/v2/organization/${organizationId}/projects`, {
    token: orgToken,
    body: { name: `${name} HQ`, timezone: 'Europe/Oslo', ...o },
  });
  assert.equal(p.status, 201, JSON.stringify(p.body));
  const projectId = p.body.project.id as string;
  const projectToken = await getToken(t, { ...creds, scope: 'project.admin', project_id: projectId });
  return { organizationId, clientId, clientSecret, orgToken, projectId, projectToken };
}
