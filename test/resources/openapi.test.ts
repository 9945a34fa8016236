// Every operation of the table is in the OpenAPI document as declared: its operationId, summary,
// success status, credential scheme and error responses, and an example body on each create or
// update of the project resources.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { PROBLEMS } from '../../src/http/errors.ts';
import { problemsOf } from '../../src/http/operations.ts';
import { operations } from '../../src/operation-table.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const SECURITY: Record<string, unknown> = {
  none: [],
  client: [{ clientBasic: [] }, {}],
  bearer: [{ bearerAuth: [] }],
  v1: [{ bearerAuth: [] }],
  admin: [{ adminToken: [] }],
};
const openApiPath = (p: string) => p.replace(/:(\w+)/g, '{$1}');

it('documents every operation of the table as declared', async () => {
  const doc = (await t.call('GET', '/openapi.json')).body;
  for (const name of ['Lock', 'ManagedUser', 'Key', 'SharingRight'])
    assert.ok(doc.components.schemas[name], name);
  const seen = new Set<string>();
  for (const op of operations.filter((o) => !o.hidden)) {
    const where = `${op.method} ${op.path}`;
    const documented = doc.paths[openApiPath(op.path)]?.[op.method.toLowerCase()];
    assert.ok(documented, where);
    assert.equal(documented.operationId, op.operationId, where);
    assert.match(op.operationId, /^[a-z][A-Za-z0-9]*$/, `${op.operationId} is camelCase`);
    assert.ok(!seen.has(op.operationId), `${op.operationId} is unique`);
    seen.add(op.operationId);
    assert.ok(documented.summary, `${where} summary`);
    assert.ok(documented.responses[String(op.success.status)], `${where} ${op.success.status}`);
    assert.deepEqual(documented.security, SECURITY[op.auth.kind], `${where} security`);
    if (op.errorFormat === 'oauth') {
      for (const status of ['400', '401', '429'])
        assert.ok(documented.responses[status].content['application/json'], `${where} ${status}`);
    } else {
      for (const [status, names] of problemsOf(op)) {
        const r = documented.responses[String(status)];
        assert.ok(r?.content['application/problem+json'], `${where} ${status} is problem+json`);
        for (const n of names)
          assert.match(r.description, new RegExp(`urn:latchkey:problem:${n}\\b`), `${where} ${n}`);
        assert.equal(PROBLEMS[names[0]!].status, status);
        if (status === 401 || status === 403)
          assert.ok(r.headers['WWW-Authenticate'], `${where} ${status} challenge`);
        if (status === 429 || status === 503)
          assert.ok(r.headers['Retry-After'], `${where} ${status} Retry-After`);
      }
      assert.ok(!documented.responses['4XX'] && !documented.responses['5XX'], `${where} no catch-all`);
    }
    if (op.location) assert.ok(documented.responses['201'].headers.Location, `${where} Location`);
    if (op.path.startsWith('/v2/projects/') && (op.method === 'POST' || op.method === 'PATCH') && op.body) {
      const body = documented.requestBody.content['application/json'];
      assert.ok(body.example, `${where} has an example body`);
    }
  }
});

it('lists nothing the table does not declare', async () => {
  const doc = (await t.call('GET', '/openapi.json')).body;
  const declared = new Set(operations.map((o) => `${o.method} ${openApiPath(o.path)}`));
  for (const [path, item] of Object.entries(doc.paths as Record<string, object>))
    for (const method of Object.keys(item)) assert.ok(declared.has(`${method.toUpperCase()} ${path}`), path);
});
