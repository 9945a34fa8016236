// test-runner: store-independent
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { withConfigTable } from '../scripts/config-docs.ts';
import { ConfigError, loadConfig, VARIABLES } from '../src/config.ts';

describe('configuration', () => {
  it('has working defaults with nothing set', () => {
    const c = loadConfig({});
    assert.equal(c.port, 8080);
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.databaseUrl, undefined);
    assert.equal(c.dataDir, './data');
    assert.equal(c.publicUrl, 'http://localhost:8080');
    assert.equal(c.adminToken, undefined);
    assert.equal(c.tokenTtlSeconds, 3600);
    assert.deepEqual(c.webhookRetrySchedule, [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    assert.equal(c.tokenRatePerClient, 600);
    assert.equal(c.tokenRatePerIp, 6000);
    assert.ok(Object.isFrozen(c));
  });

  it('LATCHKEY_LISTEN_DATABASE_URL defaults to DATABASE_URL and needs it', () => {
    const direct = 'postgres://db.internal:5432/latchkey';
    const pooled = 'postgres://pgbouncer.internal:6432/latchkey';
    const key = { LATCHKEY_MASTER_KEY: Buffer.alloc(32, 1).toString('base64') };
    assert.equal(loadConfig({ DATABASE_URL: pooled, ...key }).listenDatabaseUrl, pooled);
    const both = loadConfig({ DATABASE_URL: pooled, LATCHKEY_LISTEN_DATABASE_URL: direct, ...key });
    assert.equal(both.databaseUrl, pooled);
    assert.equal(both.listenDatabaseUrl, direct);
    assert.equal(loadConfig({}).listenDatabaseUrl, undefined);
    assert.throws(() => loadConfig({ LATCHKEY_LISTEN_DATABASE_URL: direct }), /LATCHKEY_LISTEN_DATABASE_URL/);
    assert.throws(
      () => loadConfig({ DATABASE_URL: pooled, LATCHKEY_LISTEN_DATABASE_URL: 'mysql://x' }),
      /LATCHKEY_LISTEN_DATABASE_URL/,
    );
  });

  it('keeps LATCHKEY_PUBLIC_URL exactly as written', () => {
    assert.equal(
      loadConfig({ LATCHKEY_PUBLIC_URL: 'https://api.example.com/' }).publicUrl,
      'https://api.example.com/',
    );
    assert.equal(loadConfig({ PORT: '9000' }).publicUrl, 'http://localhost:9000');
  });

  it('LATCHKEY_TRUST_PROXY: addresses become one-address ranges; unset trusts no proxy', () => {
    assert.deepEqual(loadConfig({}).trustProxy, []);
    assert.deepEqual(loadConfig({ LATCHKEY_TRUST_PROXY: ' 10.0.0.0/8 , 127.0.0.1,::1 ' }).trustProxy, [
      '10.0.0.0/8',
      '127.0.0.1/32',
      '::1/128',
    ]);
  });

  it('reports every bad variable at once, by name', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LATCHKEY_ADMIN_TOKEN: 'short',
        LATCHKEY_TOKEN_TTL_SECONDS: '-1',
        LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/99',
        LATCHKEY_APP_OTP_SENDER: 'webhook',
        LATCHKEY_MASTER_KEY: 'dG9vIHNob3J0',
        LATCHKEY_LOG_LEVEL: 'loud',
        LATCHKEY_TRUST_PROXY: '10.0.0.0/8,proxy.internal',
      });
      assert.fail('should throw');
    } catch (e) {
      assert.ok(e instanceof ConfigError);
      const names = e.problems.map((p) => p.split(':')[0]);
      for (const n of [
        'PORT',
        'DATABASE_URL',
        'LATCHKEY_ADMIN_TOKEN',
        'LATCHKEY_TOKEN_TTL_SECONDS',
        'LATCHKEY_WEBHOOK_ALLOWED_CIDRS',
        'LATCHKEY_APP_OTP_WEBHOOK_URL',
        'LATCHKEY_MASTER_KEY',
        'LATCHKEY_LOG_LEVEL',
        'LATCHKEY_TRUST_PROXY',
      ]) {
        assert.ok(names.includes(n), `${n} reported`);
      }
    }
  });

  it('every whole-number variable enforces its declared bounds, naming itself', () => {
    const bounded = VARIABLES.filter((v) => v.bounds);
    assert.ok(bounded.length >= 10);
    for (const v of bounded) {
      const { min, max } = v.bounds!;
      assert.doesNotThrow(() => loadConfig({ [v.name]: String(min) }), v.name);
      assert.doesNotThrow(() => loadConfig({ [v.name]: String(max) }), v.name);
      for (const bad of [String(max + 1), 'x', '1.5', ...(min > 0 ? [String(min - 1)] : [])]) {
        assert.throws(
          () => loadConfig({ [v.name]: bad }),
          (e: unknown) =>
            e instanceof ConfigError && e.problems.length === 1 && e.problems[0]!.startsWith(`${v.name}: `),
          `${v.name}=${bad}`,
        );
      }
    }
  });

  it('an empty variable means unset, and a value set is the value read', () => {
    assert.deepEqual(loadConfig({ LATCHKEY_WORKER: '', LATCHKEY_TRUST_PROXY: '' }), loadConfig({}));
    const c = loadConfig({
      LATCHKEY_WORKER: 'off',
      LATCHKEY_WEBHOOK_RETRY_SCHEDULE: '1, 2,3',
      LATCHKEY_APP_OTP_SENDER: 'webhook',
      LATCHKEY_APP_OTP_WEBHOOK_URL: 'https://sms.example/send',
      LATCHKEY_LOG_LEVEL: 'warn',
      LATCHKEY_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    assert.equal(c.runWorker, false);
    assert.deepEqual(c.webhookRetrySchedule, [1, 2, 3]);
    assert.equal(c.appOtpSender, 'webhook');
    assert.equal(c.appOtpWebhookUrl, 'https://sms.example/send');
    assert.equal(c.logLevel, 'warn');
    assert.deepEqual(c.masterKey, Buffer.alloc(32, 7));
  });

  it('the README configuration table is the one generated from the declarations (npm run config-docs)', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const v of VARIABLES) assert.ok(readme.includes(`\`${v.name}\``), `${v.name} is in README.md`);
    assert.ok(
      withConfigTable(readme) === readme,
      'the README configuration table is stale: run `npm run config-docs` and commit README.md',
    );
  });
});
