// test-runner: store-independent
// Table tests of the pure delivery logic: retry schedule, Retry-After, signatures, URL rules,
// address policy.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../../src/config.ts';
import { isBlockedAddress, parseCidrList } from '../../src/delivery/address-policy.ts';
import { attemptOutcome } from '../../src/delivery/outcome.ts';
import { nextAfterFailure, parseRetryAfter, RETRY_AFTER_CAP_MS } from '../../src/delivery/retry.ts';
import type { SendResult } from '../../src/delivery/send.ts';
import { signatureHeader, signatureOf, webhookSecretGenerate } from '../../src/delivery/sign.ts';
import { webhookHostCheck, webhookUrlParse } from '../../src/delivery/webhook-url.ts';
import { workerSettings } from '../../src/delivery/worker-options.ts';

const DEFAULT = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];

describe('retry schedule', () => {
  const cases: [attempt: number, random: number, expected: number | 'failed'][] = [
    [1, 0.5, 5_000],
    [1, 0, 4_000], // -20%
    [1, 0.999999, 6_000], // +20%
    [2, 0.5, 300_000],
    [3, 0, 1_440_000],
    [5, 0.5, 18_000_000],
    [9, 0.5, 86_400_000],
    [9, 0.75, 95_040_000], // +10%
    [10, 0.5, 'failed'], // ten attempts in all
    [11, 0.5, 'failed'],
  ];
  for (const [attempt, random, expected] of cases) {
    it(`after attempt ${attempt} (random ${random}) → ${expected}`, () => {
      const next = nextAfterFailure(attempt, DEFAULT, random);
      if (expected === 'failed') assert.deepEqual(next, { kind: 'failed' });
      else assert.deepEqual(next, { kind: 'retry', delayMs: expected });
    });
  }
  it('stays within ±20% for any random value', () => {
    for (let i = 0; i < 1000; i++) {
      const next = nextAfterFailure(2, DEFAULT, Math.random());
      assert.equal(next.kind, 'retry');
      if (next.kind === 'retry') assert.ok(next.delayMs >= 240_000 && next.delayMs <= 360_000);
    }
  });
  it('accepts fractional seconds (shrunk schedules in tests)', () => {
    assert.deepEqual(nextAfterFailure(1, [0.05, 0.1], 0.5), { kind: 'retry', delayMs: 50 });
    assert.deepEqual(nextAfterFailure(3, [0.05, 0.1], 0.5), { kind: 'failed' });
  });
  it('Retry-After replaces the scheduled pause, capped at 24 h, but never adds attempts', () => {
    assert.deepEqual(nextAfterFailure(1, DEFAULT, 0.5, 120_000), { kind: 'retry', delayMs: 120_000 });
    assert.deepEqual(nextAfterFailure(1, DEFAULT, 0.5, 10 * 86_400_000), {
      kind: 'retry',
      delayMs: RETRY_AFTER_CAP_MS,
    });
    assert.deepEqual(nextAfterFailure(10, DEFAULT, 0.5, 1000), { kind: 'failed' });
  });
});

describe('Retry-After parsing', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  const cases: [string | undefined, number | undefined][] = [
    [undefined, undefined],
    ['0', 0],
    ['120', 120_000],
    [' 7 ', 7_000],
    ['99999999', RETRY_AFTER_CAP_MS],
    ['Sat, 21 Nov 2026 10:01:00 GMT', 60_000],
    ['Sat, 21 Nov 2026 09:00:00 GMT', 0], // in the past: now
    ['soon', undefined],
    ['-5', undefined],
    ['1.5', undefined],
  ];
  for (const [value, expected] of cases) {
    it(`${JSON.stringify(value)} → ${expected}`, () => assert.equal(parseRetryAfter(value, now), expected));
  }
});

describe('Standard Webhooks signatures', () => {
  it('match the standardwebhooks reference library, one per active secret', () => {
    const current = webhookSecretGenerate();
    const previous = webhookSecretGenerate();
    assert.match(current, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(current.slice(6), 'base64').length, 32);
    const body = '{"id":"x","action":"locked"}';
    const ts = Math.floor(Date.now() / 1000);
    const header = signatureHeader([current, previous], 'msg_1', ts, body);
    assert.equal(header.split(' ').length, 2);
    for (const s of [current, previous]) {
      const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(ts), 'webhook-signature': header };
      assert.deepEqual(new Webhook(s).verify(body, headers), JSON.parse(body));
    }
    assert.equal(
      signatureOf(current, 'msg_1', ts, body),
      new Webhook(current).sign('msg_1', new Date(ts * 1000), body),
    );
  });
});

describe('webhook URL rules', () => {
  const ok: [string, { url: string; display: string; credentials?: string }][] = [
    ['https://example.com/hook', { url: 'https://example.com/hook', display: 'https://example.com/hook' }],
    [
      'HTTPS://Example.COM:443/a?b=c',
      { url: 'https://example.com/a?b=c', display: 'https://example.com/a?b=c' },
    ],
    [
      'https://user:pa55-word_~.x@example.com:8443/h',
      {
        url: 'https://example.com:8443/h',
        display: 'https://user:****@example.com:8443/h',
        credentials: 'user:pa55-word_~.x',
      },
    ],
    [
      'https://u:p%40ss@example.com/',
      { url: 'https://example.com/', display: 'https://u:****@example.com/', credentials: 'u:p%40ss' },
    ],
  ];
  for (const [raw, expected] of ok) {
    it(`accepts ${raw}`, () => {
      const p = webhookUrlParse(raw);
      assert.equal(p.url, expected.url);
      assert.equal(p.display, expected.display);
      assert.equal(p.credentials, expected.credentials);
    });
  }
  const bad: [string, RegExp][] = [
    ['example.com/hook', /absolute/],
    ['/hook', /absolute/],
    ['http://example.com/', /https/],
    ['ftp://example.com/', /https/],
    ['https:example.com', /absolute/],
    ['https://', /host|valid/],
    ['https://example.com/#frag', /fragment/],
    ['https://example.com/#', /fragment/],
    ['https://exa mple.com/', /spaces/],
    ['https://user@example.com/', /user:password/],
    ['https://:pw@example.com/', /user name must not be empty/],
    ['https://user:@example.com/', /password must not be empty/],
    ...[...":/?#[]@!$&'()*+,;="]
      .filter((c) => c !== '#' && c !== '/' && c !== '?')
      .map((c): [string, RegExp] => [`https://user:pa${c}ss@example.com/`, /reserved character/]),
    ['https://us!er:pass@example.com/', /reserved character "!"/],
    ['https://user:pa"ss@example.com/', /letters, digits/],
    ['https://us%zzer:pass@example.com/', /letters, digits/],
    [`https://example.com/${'a'.repeat(2100)}`, /at most/],
    ['https://example.com:0/', /port 0/],
    ['https://example.com:99999/', /valid URL/],
    ['https://[::1/', /valid URL/],
  ];
  for (const [raw, reason] of bad) {
    it(`refuses ${raw.slice(0, 60)}`, () => assert.throws(() => webhookUrlParse(raw), reason));
  }
  it('checks the host: any blocked address refuses it; the allow-list re-opens ranges', async () => {
    const lookup = async (h: string) =>
      h === 'mixed.test' ? ['93.184.216.34', '10.0.0.1'] : ['93.184.216.34'];
    await webhookHostCheck('public.test', [], lookup);
    await assert.rejects(webhookHostCheck('mixed.test', [], lookup), (e: Error) => {
      assert.match(e.message, /resolves to an address that is not allowed/);
      assert.match(e.message, /LATCHKEY_WEBHOOK_ALLOWED_CIDRS can allow chosen ranges/);
      assert.ok(!e.message.includes('10.0.0.1'), 'the resolved address is never named');
      return true;
    });
    await webhookHostCheck('mixed.test', parseCidrList(['10.0.0.0/8']), lookup);
    await assert.rejects(
      webhookHostCheck('nx.test', [], async () => {
        throw Object.assign(new Error('nx'), { code: 'ENOTFOUND' });
      }),
      /cannot be resolved/,
    );
  });
});

describe('address policy', () => {
  const blocked = [
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1',
    '240.0.0.1',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '2001:db8::1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001::1',
    'not-an-ip',
    '',
  ];
  for (const ip of blocked) it(`blocks ${ip || '(empty)'}`, () => assert.equal(isBlockedAddress(ip), true));
  const allowed = ['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];
  for (const ip of allowed) it(`allows ${ip}`, () => assert.equal(isBlockedAddress(ip), false));
  it('re-opens only the configured ranges', () => {
    const cidrs = parseCidrList(['127.0.0.0/8', '::1/128']);
    assert.equal(isBlockedAddress('127.0.0.1', cidrs), false);
    assert.equal(isBlockedAddress('::ffff:127.0.0.1', cidrs), false);
    assert.equal(isBlockedAddress('::1', cidrs), false);
    assert.equal(isBlockedAddress('10.0.0.1', cidrs), true);
    assert.throws(() => parseCidrList(['10.0.0.0']), /CIDR/);
  });
});

describe('attempt outcomes', () => {
  const d = { id: 'd', webhook_id: 'w', leased_until: new Date(0), attempt_count: 0 };
  const c = { schedule: [5, 300], random: 0.5, now: 1_000_000 };
  const at = new Date(c.now);
  const cases: [string, SendResult, number, string, number | null][] = [
    ['200', { status: 200, durationMs: 1 }, 0, 'succeeded', null],
    ['204', { status: 204, durationMs: 1 }, 0, 'succeeded', null],
    ['299', { status: 299, durationMs: 1 }, 0, 'succeeded', null],
    [
      '302 (not followed)',
      { status: 302, error: 'redirect (302) not followed', durationMs: 1 },
      0,
      'pending',
      5_000,
    ],
    ['400', { status: 400, error: 'HTTP 400', durationMs: 1 }, 0, 'pending', 5_000],
    ['500, second attempt', { status: 500, error: 'HTTP 500', durationMs: 1 }, 1, 'pending', 300_000],
    ['500, last attempt', { status: 500, error: 'HTTP 500', durationMs: 1 }, 2, 'failed', null],
    ['410 Gone', { status: 410, error: 'HTTP 410', durationMs: 1 }, 0, 'failed', null],
    ['429 Retry-After 120', { status: 429, retryAfter: '120', durationMs: 1 }, 0, 'pending', 120_000],
    ['503 Retry-After 7', { status: 503, retryAfter: '7', durationMs: 1 }, 0, 'pending', 7_000],
    ['503 without Retry-After', { status: 503, durationMs: 1 }, 0, 'pending', 5_000],
    ['500 Retry-After ignored', { status: 500, retryAfter: '120', durationMs: 1 }, 0, 'pending', 5_000],
    ['429 Retry-After, last attempt', { status: 429, retryAfter: '1', durationMs: 1 }, 2, 'failed', null],
    ['connection refused', { error: 'ECONNREFUSED', durationMs: 1 }, 0, 'pending', 5_000],
    ['timeout', { error: 'timeout', durationMs: 15000 }, 0, 'pending', 5_000],
  ];
  for (const [label, result, previous, status, delay] of cases) {
    it(`${label} → ${status}${delay === null ? '' : ` in ${delay} ms`}`, () => {
      const o = attemptOutcome({ ...d, attempt_count: previous }, at, result, c);
      assert.equal(o.status, status);
      assert.equal(o.attempt, previous + 1);
      assert.equal(o.nextAttemptAt?.getTime() ?? null, delay === null ? null : c.now + delay);
      assert.equal(o.gone, result.status === 410);
      assert.equal(o.responseStatus, result.status ?? null);
      assert.equal(o.error, result.error ?? null);
    });
  }
});

describe('worker limits from the configuration', () => {
  const config = loadConfig({ LATCHKEY_WEBHOOK_IN_FLIGHT_PER_PROCESS: '300' });

  it('the shared room, and the slow lane as large again, come from LATCHKEY_WEBHOOK_IN_FLIGHT_PER_PROCESS', () => {
    const s = workerSettings(config, {});
    assert.equal(s.maxInFlight, 300);
    assert.equal(s.slowMaxInFlight, 300);
    assert.equal(workerSettings(loadConfig({}), {}).maxInFlight, 1024);
  });

  it('options given to the worker go before the configuration', () => {
    const s = workerSettings(config, { maxInFlight: 64 });
    assert.equal(s.maxInFlight, 64);
    assert.equal(s.slowMaxInFlight, 64);
    assert.equal(workerSettings(config, { maxInFlight: 64, slowMaxInFlight: 8 }).slowMaxInFlight, 8);
  });

  it('a value out of range stops the start with the variable named', () => {
    assert.throws(() => loadConfig({ LATCHKEY_WEBHOOK_IN_FLIGHT_PER_PROCESS: '0' }), /IN_FLIGHT_PER_PROCESS/);
  });
});
