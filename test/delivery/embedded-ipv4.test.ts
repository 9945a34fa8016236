// IPv6 addresses that embed an IPv4 address are judged by that IPv4 address, at registration and
// at connect time, and refusals never name the address a host resolved to.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ipaddr from 'ipaddr.js';
import { embeddedIPv4, isBlockedAddress, parseCidrList } from '../../src/delivery/address-policy.ts';
import { createDeliveryAgent, deliverySend } from '../../src/delivery/send.ts';
import { WebhookUrlError, webhookHostCheck } from '../../src/delivery/webhook-url.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { insertLock } from '../helpers/delivery.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

// [address, the IPv4 it carries]
const FORMS: [string, string][] = [
  ['::127.0.0.1', '127.0.0.1'], // IPv4-compatible
  ['::a9fe:a9fe', '169.254.169.254'],
  ['::10.0.0.1', '10.0.0.1'],
  ['::ffff:127.0.0.1', '127.0.0.1'], // IPv4-mapped
  ['::ffff:0:a9fe:a9fe', '169.254.169.254'], // IPv4-translated
  ['64:ff9b::7f00:1', '127.0.0.1'], // NAT64
  ['64:ff9b::a9fe:a9fe', '169.254.169.254'],
  ['2002:7f00:1::', '127.0.0.1'], // 6to4
  ['2002:a9fe:a9fe:1::1', '169.254.169.254'],
  ['2002:c0a8:101::1', '192.168.1.1'],
];

describe('embeddedIPv4 and the address policy', () => {
  for (const [v6, v4] of FORMS) {
    it(`${v6} carries ${v4} and is refused like it`, () => {
      assert.equal(embeddedIPv4(parseV6(v6))?.toString(), v4);
      assert.equal(isBlockedAddress(v6), true);
    });
  }
  it('the same forms of a public IPv4 address are judged public', () => {
    for (const a of ['::8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '::ffff:8.8.8.8'])
      assert.equal(isBlockedAddress(a), false, a);
  });
  it(':: and ::1 stay IPv6 unspecified and loopback; allowed ranges apply to the embedded IPv4', () => {
    assert.equal(embeddedIPv4(parseV6('::1')), undefined);
    assert.equal(embeddedIPv4(parseV6('::')), undefined);
    assert.equal(isBlockedAddress('::1'), true);
    assert.equal(isBlockedAddress('::1', parseCidrList(['::1/128'])), false);
    assert.equal(isBlockedAddress('::127.0.0.1', parseCidrList(['127.0.0.0/8'])), false);
  });
});

const parseV6 = (s: string) => ipaddr.IPv6.parse(s);

describe('refusals never name the resolved address', () => {
  it('a name resolving to an internal address is refused without saying which', async () => {
    for (const resolved of ['10.1.2.3', '::a9fe:a9fe', '64:ff9b::7f00:1']) {
      const err = await webhookHostCheck('hooks.example.com', [], async () => [
        '93.184.216.34',
        resolved,
      ]).then(
        () => undefined,
        (e: Error) => e,
      );
      assert.ok(err instanceof WebhookUrlError, resolved);
      assert.match(err.message, /hooks\.example\.com" resolves to an address that is not allowed/);
      assert.ok(!err.message.includes(resolved) && !err.message.includes('10.1'), err.message);
    }
  });

  it('the delivery agent refuses the forms before connecting, without naming the address', async () => {
    const agent = createDeliveryAgent({ allowed: [], timeoutMs: 2000 });
    try {
      for (const host of ['[::127.0.0.1]', '[::a9fe:a9fe]', '[64:ff9b::7f00:1]', '[2002:7f00:1::1]']) {
        const r = await deliverySend(agent, {
          url: `https://${host}:9/`,
          headers: {},
          body: '{}',
          timeoutMs: 2000,
        });
        assert.equal(r.status, undefined);
        assert.match(r.error ?? '', /blocked by the webhook address policy/, host);
        assert.ok(!/7f00|a9fe|127\.0|169\.254/.test(r.error ?? ''), r.error);
      }
    } finally {
      await agent.close();
    }
  });
});

describe('registration', () => {
  let t: TestApp;
  let a: Tenant;
  let lockId: string;
  before(async () => {
    t = await startTestApp();
    a = await createTenant(t);
    lockId = await insertLock(t, a.projectId);
  });
  after(() => t.close());

  it('refuses every IPv4-embedding form of an internal address with 400, naming no address', async () => {
    for (const [v6] of FORMS) {
      const r = await t.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
        token: a.projectToken,
        body: { trigger: 'accessEvent', url: `https://[${v6}]/hook`, lockId },
      });
      assert.equal(r.status, 400, `${v6}: ${JSON.stringify(r.body)}`);
      assert.deepEqual(
        r.body.invalidParams.map((p: { name: string }) => p.name),
        ['url'],
      );
      assert.match(JSON.stringify(r.body), /not allowed/);
    }
    const list = await t.call('GET', `/v2/projects/${a.projectId}/webhooks`, { token: a.projectToken });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.webhooks, [], 'nothing was stored');
  });
});
