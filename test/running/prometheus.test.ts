// A real Prometheus (Debian's package) scrapes the service's /metrics (bearer token, loopback,
// ephemeral ports), and the test reads a series back through Prometheus's HTTP API; the shipped
// alert rules pass `promtool check rules`.
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/net.ts';

const RULES = join(import.meta.dirname, '..', '..', 'docs', 'monitoring', 'latchkey-alerts.yml');
const METRICS_TOKEN = 'prometheus-test-token-0123456789';

describe('Prometheus', () => {
  it('promtool accepts the alert rules', () => {
    const out = execFileSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' });
    assert.match(out, /SUCCESS: 7 rules found/);
  });

  it('scrapes /metrics and answers a query for a Latchkey series', async () => {
    const t = await startTestApp({ LATCHKEY_METRICS_TOKEN: METRICS_TOKEN });
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-prom-'));
    let prom: ChildProcess | undefined;
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const appPort = (t.app.server.address() as { port: number }).port;
      for (let i = 0; i < 3; i++) await t.inject({ method: 'GET', url: '/healthz' });
      writeFileSync(join(dir, 'token'), METRICS_TOKEN, { mode: 0o600 });
      writeFileSync(
        join(dir, 'prometheus.yml'),
        `global: { scrape_interval: 1s, evaluation_interval: 1s }
rule_files: ['${RULES}']
scrape_configs:
  - job_name: latchkey
    authorization: { type: Bearer, credentials_file: '${join(dir, 'token')}' }
    static_configs: [{ targets: ['127.0.0.1:${appPort}'] }]
`,
      );
      const promPort = await freePort();
      prom = spawn(
        'prometheus',
        [
          `--config.file=${join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${promPort}`,
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let log = '';
      prom.stderr!.on('data', (d) => {
        log += d;
      });
      const query = async (q: string) => {
        const r = await fetch(`http://127.0.0.1:${promPort}/api/v1/query?query=${encodeURIComponent(q)}`);
        return (await r.json()) as {
          data: { result: { metric: Record<string, string>; value: [number, string] }[] };
        };
      };
      const deadline = Date.now() + 120_000;
      let healthz: number | undefined;
      let up: string | undefined;
      while (Date.now() < deadline) {
        try {
          up = (await query('up{job="latchkey"}')).data.result[0]?.value[1];
          const r = await query('latchkey_http_requests_total{route="/healthz",status="200"}');
          healthz = r.data.result[0] ? Number(r.data.result[0].value[1]) : undefined;
          if (up === '1' && healthz !== undefined) break;
        } catch {
          // Prometheus is starting
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      assert.equal(up, '1', `the scrape succeeds (with the bearer token): ${log.slice(-2000)}`);
      assert.equal(healthz, 3, 'the three /healthz requests, read back through Prometheus');
      const rules = (await (await fetch(`http://127.0.0.1:${promPort}/api/v1/rules`)).json()) as {
        data: { groups: { rules: unknown[] }[] };
      };
      assert.equal(rules.data.groups[0]!.rules.length, 7, 'the alert rules are loaded');
    } finally {
      if (prom && prom.exitCode === null) {
        prom.kill('SIGTERM');
        await new Promise((r) => prom!.once('exit', r));
      }
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
