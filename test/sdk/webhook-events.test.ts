// The TypeScript client's webhook verification: access events (verifyWebhook, as before) and every
// delivery as a union discriminated by `type` (verifyWebhookEvent), over bodies and headers made by
// the service's own envelope and signing code, and by the standardwebhooks library.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import {
  type AccessEvent,
  verifyWebhook,
  verifyWebhookEvent,
  type WebhookEvent,
} from '../../sdk/typescript/src/index.ts';
import { envelopeBody } from '../../src/delivery/envelopes.ts';
import { deliveryHeaders, webhookSecretGenerate } from '../../src/delivery/sign.ts';

const secret = webhookSecretGenerate();
const now = () => Math.floor(Date.now() / 1000);
const signed = (body: string, msgId: string, secrets: string[] = [secret]) => ({
  body,
  headers: deliveryHeaders({ msgId, timestamp: now(), body, secrets, userAgent: 'Latchkey-Webhooks/test' }),
});

const key = {
  id: '0193a1c9-0000-7000-8000-000000000001',
  lockId: '0193a1b2-0000-7000-8000-000000000002',
  appUserId: '+4799887766',
  start: '2026-11-25T10:00:00.000Z',
  end: null,
  recurrence: null,
  state: 'active',
  origin: 'integrator',
  created: '2026-11-25T10:00:00.000Z',
  metadata: {},
};
const keyCreatedId = '0193a1e2-0000-7000-8000-000000000003';
const keyCreated = envelopeBody('key.created', keyCreatedId, new Date(key.created), key);
const lockOperatedId = '0193a1e2-0000-7000-8000-000000000004';
const record = {
  id: '0193a1f0-0000-7000-8000-000000000005',
  lockId: key.lockId,
  at: '2026-11-25T10:05:00.000Z',
  kind: 'operated',
  source: 'keypad',
  keyId: key.id,
  detail: {},
};
const lockOperated = envelopeBody('lock.operated', lockOperatedId, new Date(record.at), record);
const access: AccessEvent = {
  id: '0193a1e2-0000-7000-8000-000000000006',
  action: 'unlocked',
  created: '2026-11-25T10:06:00.000Z',
  keyId: key.id,
  lockId: key.lockId,
  lockName: 'Front door',
  appUserId: key.appUserId,
  userName: 'Kari',
};

/** What a receiver does with the union: the compiler narrows `data` on each `type`. */
function describeEvent(event: WebhookEvent): string {
  switch (event.type) {
    case 'accessEvent':
      return `${event.data.lockName} ${event.data.action}`;
    case 'key.created':
    case 'key.revoked':
      return `${event.type} ${event.data.appUserId} ${event.data.state}`;
    case 'lock.operated':
      return `${event.type} ${event.data.lockId} ${event.data.kind}`;
    default:
      return event.type;
  }
}

describe('the typed client verifies webhook deliveries', () => {
  it('an envelope signed by the service comes back typed by `type`, with its data', () => {
    const d = signed(keyCreated, keyCreatedId);
    const event = verifyWebhookEvent(secret, Buffer.from(d.body), d.headers);
    assert.equal(event.type, 'key.created');
    assert.equal(event.id, keyCreatedId);
    assert.deepEqual(event.data, key);
    assert.equal(describeEvent(event), 'key.created +4799887766 active');

    const l = signed(lockOperated, lockOperatedId);
    const activity = verifyWebhookEvent(secret, l.body, new Headers(l.headers));
    assert.equal(describeEvent(activity), `lock.operated ${key.lockId} operated`);
  });

  it('an access event is verified as before, and as { type: accessEvent, id, created, data }', () => {
    const body = JSON.stringify(access);
    const d = signed(body, access.id);
    assert.deepEqual(verifyWebhook(secret, body, d.headers), access);
    const event = verifyWebhookEvent(secret, body, d.headers);
    assert.deepEqual(event, { type: 'accessEvent', id: access.id, created: access.created, data: access });
    assert.equal(describeEvent(event), 'Front door unlocked');
  });

  it('a body signed by the standardwebhooks library verifies; one signature of several suffices (rotation)', () => {
    const other = webhookSecretGenerate();
    const at = new Date();
    const signature = new Webhook(secret).sign(keyCreatedId, at, keyCreated);
    const headers = {
      'webhook-id': keyCreatedId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    };
    assert.equal(verifyWebhookEvent(secret, keyCreated, headers).type, 'key.created');
    const rotated = signed(keyCreated, keyCreatedId, [other, secret]);
    assert.equal(verifyWebhookEvent(secret, keyCreated, rotated.headers).id, keyCreatedId);
  });

  it('a wrong secret, a tampered body, an old timestamp, a missing header or a body under another id is refused', () => {
    const d = signed(keyCreated, keyCreatedId);
    assert.throws(() => verifyWebhookEvent(webhookSecretGenerate(), d.body, d.headers), /signature/i);
    const tampered = d.body.replace('+4799887766', '+4799887767');
    assert.notEqual(tampered, d.body);
    assert.throws(() => verifyWebhookEvent(secret, tampered, d.headers), /signature/i);
    assert.throws(
      () =>
        verifyWebhook(
          secret,
          JSON.stringify({ ...access, action: 'locked' }),
          signed(JSON.stringify(access), access.id).headers,
        ),
      /signature/i,
    );
    const old = deliveryHeaders({
      msgId: keyCreatedId,
      timestamp: now() - 6 * 60,
      body: keyCreated,
      secrets: [secret],
      userAgent: 'test',
    });
    assert.throws(() => verifyWebhookEvent(secret, keyCreated, old), /timestamp/i);
    const { 'webhook-signature': _, ...unsigned } = d.headers;
    assert.throws(() => verifyWebhookEvent(secret, keyCreated, unsigned), /header/i);
    // The signature is right for its id, but the body names another delivery.
    const replay = signed(keyCreated, lockOperatedId);
    assert.throws(() => verifyWebhookEvent(secret, keyCreated, replay.headers), /webhook-id/);
  });

  it('a correctly signed body that is neither an envelope nor an access event is refused', () => {
    const id = '0193a1e2-0000-7000-8000-000000000007';
    const body = JSON.stringify({ id, hello: 'world' });
    assert.throws(() => verifyWebhookEvent(secret, body, signed(body, id).headers), /neither/);
  });
});
