// Every route of the project resources is in the OpenAPI document, with a success schema, the
// problem responses, bearer security, and an example body on each create route.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const routes = [
  ['post', '/v2/projects/{projectId}/locks', '201'],
  ['get', '/v2/projects/{projectId}/locks', '200'],
  ['get', '/v2/projects/{projectId}/locks/{lockId}', '200'],
  ['patch', '/v2/projects/{projectId}/locks/{lockId}', '200'],
  ['delete', '/v2/projects/{projectId}/locks/{lockId}', '204'],
  ['post', '/v2/projects/{projectId}/managed-users', '201'],
  ['get', '/v2/projects/{projectId}/managed-users', '200'],
  ['get', '/v2/projects/{projectId}/managed-users/{appUserId}', '200'],
  ['patch', '/v2/projects/{projectId}/managed-users/{appUserId}', '200'],
  ['delete', '/v2/projects/{projectId}/managed-users/{appUserId}', '204'],
  ['post', '/v2/projects/{projectId}/keys', '201'],
  ['get', '/v2/projects/{projectId}/keys', '200'],
  ['delete', '/v2/projects/{projectId}/keys', '200'],
  ['get', '/v2/projects/{projectId}/keys/{keyId}', '200'],
  ['delete', '/v2/projects/{projectId}/keys/{keyId}', '200'],
  ['delete', '/v2/projects/{projectId}/shared-keys', '200'],
  ['post', '/v2/projects/{projectId}/sharing-rights', '201'],
  ['get', '/v2/projects/{projectId}/sharing-rights', '200'],
  ['delete', '/v2/projects/{projectId}/sharing-rights', '200'],
] as const;

it('documents every project-resource route', async () => {
  const doc = (await t.call('GET', '/openapi.json')).body;
  for (const name of ['Lock', 'ManagedUser', 'Key', 'SharingRight'])
    assert.ok(doc.components.schemas[name], name);
  for (const [method, path, ok] of routes) {
    const op = doc.paths[path]?.[method];
    assert.ok(op, `${method} ${path}`);
    assert.ok(op.summary, `${method} ${path} summary`);
    assert.deepEqual(op.security, [{ bearerAuth: [] }]);
    assert.ok(op.responses[ok], `${method} ${path} ${ok}`);
    assert.ok(op.responses['4XX'], `${method} ${path} 4XX`);
    if (method === 'post' || method === 'patch') {
      const body = op.requestBody.content['application/json'];
      assert.ok(body.example, `${method} ${path} has an example body`);
    }
  }
});
