// test-runner: store-independent
// Every operation in the table that may change something says what it records in the audit
// trail: an action named `<resource type>.<what happened>`, or `{ none: why }`. A new operation
// without one fails here (and the type of defineOperation() asks for it already).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditAction } from '../../src/http/operations.ts';
import { operations } from '../../src/operation-table.ts';
import { adminOperations } from '../../src/resources/admin/routes.ts';

describe('audit actions in the operation table', () => {
  it('every operation whose method is not GET declares an audit action or why it has none', () => {
    const missing = operations.filter((op) => op.method !== 'GET' && op.audit === undefined);
    assert.deepEqual(
      missing.map((op) => `${op.method} ${op.path} (${op.operationId})`),
      [],
      'declare `audit` on these operations (docs/architecture.md, "Where each concept lives")',
    );
  });

  it('actions are <resource>.<event> names, and a missing record gives its reason', () => {
    for (const op of operations) {
      if (op.audit === undefined) continue;
      const action = auditAction(op.audit);
      if (action) assert.match(action, /^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/, `${op.operationId}: ${action}`);
      else
        assert.ok(
          typeof op.audit === 'object' && 'none' in op.audit && op.audit.none.length > 10,
          `${op.operationId} says why it records nothing`,
        );
    }
  });

  it('the admin, organization and project APIs record every change they make', () => {
    // The contract: changes made through these are all recorded. Only token grants and reads
    // dressed as POST may say `none` there.
    const unrecorded = operations.filter(
      (op) =>
        op.method !== 'GET' &&
        !auditAction(op.audit) &&
        (op.auth.kind === 'admin' ||
          op.auth.kind === 'v1' ||
          /^\/v2\/(projects|organization)\//.test(op.path)),
    );
    assert.deepEqual(
      unrecorded.map((op) => op.operationId),
      ['keysSimulate', 'webhooksTest'],
      'a simulated access event (recorded in the access log) and a test delivery (stores nothing)',
    );
    assert.ok(adminOperations.every((op) => op.method === 'GET' || typeof op.audit === 'string'));
  });
});
