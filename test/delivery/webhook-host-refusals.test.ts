// test-runner: store-independent
// A webhook host name that does not resolve and one that resolves to an internal address are
// refused with the same words: told apart, registration would tell an outsider which internal names
// exist. Neither names an address.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { webhookHostCheck } from '../../src/delivery/webhook-url.ts';

async function refusal(lookup: (host: string) => Promise<string[]>): Promise<string> {
  const e = await webhookHostCheck('db.internal.example', [], lookup).then(
    () => assert.fail('accepted'),
    (err: Error) => err,
  );
  return e.message;
}

describe('webhook host refusals', () => {
  it('"does not resolve" and "resolves to an internal address" are the same answer', async () => {
    const answers = new Set([
      await refusal(async () => {
        throw Object.assign(new Error('queryA ENOTFOUND db.internal.example'), { code: 'ENOTFOUND' });
      }),
      await refusal(async () => []),
      await refusal(async () => {
        throw new Error('DNS lookup timed out');
      }),
      await refusal(async () => ['10.20.30.40']),
      await refusal(async () => ['93.184.216.34', '192.168.1.7']),
      await refusal(async () => ['::ffff:127.0.0.1']),
    ]);
    assert.equal(answers.size, 1, [...answers].join('\n'));
    const [message] = answers;
    assert.match(message!, /^host "db\.internal\.example" /);
    assert.doesNotMatch(message!, /10\.20|192\.168|127\.0|ENOTFOUND|timed out/);
    assert.match(message!, /LATCHKEY_WEBHOOK_ALLOWED_CIDRS/, 'it says how to allow internal receivers');
  });
});
