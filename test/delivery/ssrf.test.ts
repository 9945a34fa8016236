// SSRF: targets refused at registration (no allow-list), the dialled address re-checked at
// delivery (a webhook registered while allowed, delivered by a worker whose policy refuses it),
// and redirects never followed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseCidrList } from '../../src/delivery/address-policy.ts';
import { createDeliveryAgent, deliverySend } from '../../src/delivery/send.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  DELIVERY_ENV,
  enqueueEvent,
  insertLock,
  type Receiver,
  registerWebhook,
  startReceiver,
  startWorker,
  TLS,
  waitFor,
} from '../helpers/delivery.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let strict: TestApp; // production policy: nothing internal allowed
let open: TestApp; // loopback allowed (registration), to test the check at delivery time
let a: Tenant;
let lockId: string;
let rx: Receiver;

before(async () => {
  strict = await startTestApp();
  a = await createTenant(strict);
  lockId = await insertLock(strict, a.projectId);
  open = await startTestApp(DELIVERY_ENV);
  rx = await startReceiver();
});
after(async () => {
  await rx.close();
  await strict.close();
  await open.close();
});

const REFUSED: [label: string, url: string][] = [
  ['loopback', 'https://127.0.0.1/hook'],
  ['loopback, other address', 'https://127.1.2.3/hook'],
  ['loopback, short form 127.1', 'https://127.1/hook'],
  ['10/8', 'https://10.0.0.1/hook'],
  ['10/8 top', 'https://10.255.255.254/hook'],
  ['172.16/12', 'https://172.16.0.1/hook'],
  ['172.16/12 top', 'https://172.31.255.254/hook'],
  ['192.168/16', 'https://192.168.1.10/hook'],
  ['cloud metadata', 'https://169.254.169.254/latest/meta-data'],
  ['link-local', 'https://169.254.0.1/hook'],
  ['CGNAT 100.64/10', 'https://100.64.0.1/hook'],
  ['CGNAT top', 'https://100.127.255.254/hook'],
  ['unspecified 0.0.0.0', 'https://0.0.0.0/hook'],
  ['broadcast', 'https://255.255.255.255/hook'],
  ['benchmarking 198.18/15', 'https://198.18.0.1/hook'],
  ['multicast 224/4', 'https://224.0.0.1/hook'],
  ['TEST-NET-1', 'https://192.0.2.10/hook'],
  ['TEST-NET-2', 'https://198.51.100.1/hook'],
  ['TEST-NET-3', 'https://203.0.113.1/hook'],
  ['reserved 240/4', 'https://240.0.0.1/hook'],
  ['IPv6 loopback', 'https://[::1]/hook'],
  ['IPv6 unspecified', 'https://[::]/hook'],
  ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hook'],
  ['IPv4-mapped loopback, long form', 'https://[0:0:0:0:0:ffff:7f00:1]/hook'],
  ['IPv4-mapped 10/8', 'https://[::ffff:10.0.0.1]/hook'],
  ['IPv4-mapped metadata', 'https://[::ffff:a9fe:a9fe]/hook'],
  ['NAT64 of metadata', 'https://[64:ff9b::a9fe:a9fe]/hook'],
  ['ULA fc00::/7', 'https://[fc00::1]/hook'],
  ['ULA fd00::', 'https://[fd12:3456::1]/hook'],
  ['IPv6 link-local', 'https://[fe80::1]/hook'],
  ['IPv6 multicast', 'https://[ff02::1]/hook'],
  ['IPv6 documentation', 'https://[2001:db8::1]/hook'],
  ['decimal IPv4 2130706433', 'https://2130706433/hook'],
  ['octal IPv4 0177.0.0.1', 'https://0177.0.0.1/hook'],
  ['hex IPv4 0x7f000001', 'https://0x7f000001/hook'],
  ['mixed hex 0x7f.0.0.1', 'https://0x7f.0.0.1/hook'],
  ['decimal 10/8 167772161', 'https://167772161/hook'],
  ['localhost', 'https://localhost/hook'],
  ['LOCALHOST. (upper case, trailing dot)', 'https://LOCALHOST./hook'],
  ['a name resolving to 127.0.0.1', 'https://localhost:8443/hook'],
  ['http scheme', 'http://93.184.216.34/hook'],
  ['file scheme', 'file:///etc/passwd'],
  ['gopher scheme', 'gopher://93.184.216.34:70/_x'],
  ['relative', '//93.184.216.34/hook'],
  ['no host', 'https:///hook'],
  ['fragment', 'https://93.184.216.34/hook#frag'],
  ['credentials with @', 'https://user:p@ss@93.184.216.34/hook'],
  ['credentials with :', 'https://user:pa:ss@93.184.216.34/hook'],
  ['credentials with !', 'https://us!er:pass@93.184.216.34/hook'],
  ['credentials with $&+', 'https://user:p$a&s+s@93.184.216.34/hook'],
  ["credentials with ' ( ) *", "https://user:p'(x)*@93.184.216.34/hook"],
  ['credentials with ; = ,', 'https://user:a;b=c,d@93.184.216.34/hook'],
  ['credentials with [ ]', 'https://user:a[b]@93.184.216.34/hook'],
  ['credentials hiding the host', 'https://93.184.216.34@127.0.0.1/hook'],
  ['backslash trick', 'https://93.184.216.34\\@127.0.0.1/hook'],
];

describe('registration refuses internal and malformed targets', () => {
  it('has a table of at least 30 targets', () => assert.ok(REFUSED.length >= 30));
  it('control: a public address is accepted', async () => {
    const r = await strict.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
      token: a.projectToken,
      body: { url: 'https://93.184.216.34/control', lockId },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  });
  for (const [label, url] of REFUSED) {
    it(`${label}: ${url}`, async () => {
      const r = await strict.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
        token: a.projectToken,
        body: { url, lockId },
      });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.invalidParams?.[0]?.name, 'url', JSON.stringify(r.body));
    });
  }
});

describe('delivery re-checks the address actually dialled', () => {
  it('a webhook allowed at registration is refused by a stricter worker without connecting', async () => {
    const b = await createTenant(open);
    const lock = await insertLock(open, b.projectId);
    const byIp = await registerWebhook(open, b, lock, rx.url('/by-ip'));
    const byName = await registerWebhook(open, b, lock, `https://localhost:${rx.port}/by-name`);
    await enqueueEvent(open, b.projectId, lock);
    const w = await startWorker(open, { allowedCidrs: [], retrySchedule: [] });
    try {
      for (const hook of [byIp, byName]) {
        const list = await waitFor('a failed delivery', async () => {
          const r = await open.call('GET', `/v2/projects/${b.projectId}/webhooks/${hook.id}/deliveries`, {
            token: b.projectToken,
          });
          return r.body.deliveries[0]?.status === 'failed' && r.body;
        });
        const attempt = list.deliveries[0].attempts[0];
        assert.equal(attempt.responseStatus, null);
        assert.match(attempt.error, /blocked by the webhook address policy/);
      }
      assert.equal(rx.connections, 0);
      assert.equal(rx.requests.length, 0);
    } finally {
      await w.stop();
    }
  });

  it('a redirect is a failure and is not followed', async () => {
    const b = await createTenant(open, 'Redirected');
    const lock = await insertLock(open, b.projectId);
    rx.handler = (req, res) => {
      if (req.path === '/redirect') {
        res.writeHead(302, { location: rx.url('/target') }).end();
      } else res.end('ok');
    };
    const hook = await registerWebhook(open, b, lock, rx.url('/redirect'));
    await enqueueEvent(open, b.projectId, lock);
    const w = await startWorker(open, { retrySchedule: [] });
    try {
      const list = await waitFor('the failed delivery', async () => {
        const r = await open.call('GET', `/v2/projects/${b.projectId}/webhooks/${hook.id}/deliveries`, {
          token: b.projectToken,
        });
        return r.body.deliveries[0]?.status === 'failed' && r.body;
      });
      assert.equal(list.deliveries[0].attempts[0].responseStatus, 302);
      assert.match(list.deliveries[0].attempts[0].error, /redirect/);
      assert.equal(rx.requests.filter((r) => r.path === '/redirect').length, 1);
      assert.equal(rx.requests.filter((r) => r.path === '/target').length, 0);
    } finally {
      await w.stop();
    }
  });
});

describe('the delivery agent refuses blocked addresses however they are spelled', () => {
  const spellings = (port: number) => [
    `https://127.0.0.1:${port}/`,
    `https://127.1:${port}/`,
    `https://2130706433:${port}/`,
    `https://0177.0.0.1:${port}/`,
    `https://0x7f000001:${port}/`,
    `https://[::ffff:127.0.0.1]:${port}/`,
    `https://[::1]:${port}/`,
    `https://localhost:${port}/`,
  ];
  it('never connects, and the same agent delivers once the range is allowed', async () => {
    const before = rx.connections;
    const strictAgent = createDeliveryAgent({ allowed: [], timeoutMs: 5000, ca: TLS.ca });
    try {
      for (const url of spellings(rx.port)) {
        const r = await deliverySend(strictAgent, { url, headers: {}, body: '{}', timeoutMs: 5000 });
        assert.equal(r.status, undefined, url);
        assert.match(r.error ?? '', /blocked by the webhook address policy/, url);
      }
    } finally {
      await strictAgent.close();
    }
    assert.equal(rx.connections, before);
    // Control: with loopback allowed the same request goes through.
    const openAgent = createDeliveryAgent({
      allowed: parseCidrList(['127.0.0.0/8']),
      timeoutMs: 5000,
      ca: TLS.ca,
    });
    try {
      rx.handler = (_req, res) => void res.end();
      const r = await deliverySend(openAgent, {
        url: rx.url('/control'),
        headers: {},
        body: '{}',
        timeoutMs: 5000,
      });
      assert.equal(r.status, 200);
    } finally {
      await openAgent.close();
    }
  });
});
