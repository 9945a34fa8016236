import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
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
    assert.equal(loadConfig({ DATABASE_URL: pooled }).listenDatabaseUrl, pooled);
    const both = loadConfig({ DATABASE_URL: pooled, LATCHKEY_LISTEN_DATABASE_URL: direct });
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

  it('the README configuration table lists every variable', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const v of VARIABLES) assert.ok(readme.includes(`\`${v.name}\``), `${v.name} is in README.md`);
  });
});
