// Abuse scripts of the outside review, pointed at a running server (any version), with numbers:
//   node --import tsx scripts/abuse.ts junk-ids   flood a token endpoint with distinct huge client_ids
//   node --import tsx scripts/abuse.ts lockout    an attacker's wrong secrets, then the real client
//   node --import tsx scripts/abuse.ts deep-json  deeply nested JSON bodies, and /healthz meanwhile
// Environment:
//   ABUSE_URL          server base URL (default http://127.0.0.1:8080)
//   ABUSE_PID          the server's process id: its RSS is read from /proc (else from /metrics)
//   ABUSE_METRICS_TOKEN  bearer token for /metrics, when the server has LATCHKEY_METRICS_TOKEN
//   junk-ids: ABUSE_REQUESTS (4000), ABUSE_ID_BYTES (1000000: the body stays under the 1 MiB limit), ABUSE_CONCURRENCY (8),
//             ABUSE_ENDPOINT (/oauth2/token)
//   lockout:  ABUSE_ADMIN_TOKEN (the server's LATCHKEY_ADMIN_TOKEN, to create a client),
//             ABUSE_FAILURES (620) wrong secrets for a fresh client from 127.0.0.2, one more with
//             the id in upper case, then the client's own request from 127.0.0.3 (loopback servers
//             only); each of the three token endpoints in turn.
//   deep-json: ABUSE_CONCURRENCY (4) senders of 500,000 nested `[` (about 1 MB, no credential) to
//             ABUSE_ENDPOINT (/v2/auth/token/) for ABUSE_SECONDS (10), after as long a quiet phase;
//             /healthz is asked every 50 ms throughout (latency p50/p99, quiet and flooded).
// Prints one JSON line per sample and a summary line.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';

const BASE = process.env.ABUSE_URL ?? 'http://127.0.0.1:8080';
const PID = process.env.ABUSE_PID;
const METRICS_TOKEN = process.env.ABUSE_METRICS_TOKEN;

interface Sample {
  requests: number;
  seconds: number;
  rssMb?: number;
  heapUsedMb?: number;
}

async function memory(): Promise<Pick<Sample, 'rssMb' | 'heapUsedMb'>> {
  const out: Pick<Sample, 'rssMb' | 'heapUsedMb'> = {};
  if (PID) {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${PID}/status`, 'utf8'))?.[1];
      if (kb) out.rssMb = Math.round(Number(kb) / 1024);
    } catch {
      // the process is gone
    }
  }
  try {
    const r = await request(`${BASE}/metrics`, {
      headers: METRICS_TOKEN ? { authorization: `Bearer ${METRICS_TOKEN}` } : {},
    });
    const text = await r.body.text();
    const metric = (name: string) => {
      const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text);
      return m ? Math.round(Number(m[1]) / 1048576) : undefined;
    };
    out.heapUsedMb = metric('nodejs_heap_size_used_bytes');
    out.rssMb ??= metric('process_resident_memory_bytes');
  } catch {
    // no metrics (gone, or not exposed)
  }
  return out;
}

async function alive(): Promise<boolean> {
  try {
    const r = await request(`${BASE}/healthz`, { headersTimeout: 5000 });
    await r.body.dump();
    return r.statusCode === 200;
  } catch {
    return false;
  }
}

async function junkIds(): Promise<void> {
  const total = Number(process.env.ABUSE_REQUESTS ?? 4000);
  const idBytes = Number(process.env.ABUSE_ID_BYTES ?? 1_000_000);
  const concurrency = Number(process.env.ABUSE_CONCURRENCY ?? 8);
  const endpoint = process.env.ABUSE_ENDPOINT ?? '/oauth2/token';
  const filler = 'x'.repeat(idBytes - 8);
  const started = performance.now();
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let sent = 0;
  let failedAt: number | undefined;
  const samples: Sample[] = [{ requests: 0, seconds: 0, ...(await memory()) }];
  console.log(JSON.stringify(samples[0]));
  const one = async (i: number) => {
    const body = JSON.stringify({
      grant_type: 'client_credentials',
      client_id: `${i.toString(16).padStart(8, '0')}${filler}`,
      client_secret: 'wrong',
      scope: 'project.admin',
    });
    const t0 = performance.now();
    try {
      const r = await request(`${BASE}${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await r.body.dump();
      statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
      latencies.push(performance.now() - t0);
    } catch (e) {
      statuses.error = (statuses.error ?? 0) + 1;
      failedAt ??= i;
      throw e;
    }
  };
  const workers = Array.from({ length: concurrency }, async () => {
    while (sent < total && failedAt === undefined) {
      const i = sent++;
      await one(i).catch(() => undefined);
      if (i > 0 && i % 250 === 0) {
        const s = {
          requests: i,
          seconds: Math.round((performance.now() - started) / 100) / 10,
          ...(await memory()),
        };
        samples.push(s);
        console.log(JSON.stringify(s));
      }
    }
  });
  await Promise.all(workers);
  const end = {
    requests: sent,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    ...(await memory()),
  };
  samples.push(end);
  latencies.sort((a, b) => a - b);
  const rss = samples.map((s) => s.rssMb).filter((x): x is number => x !== undefined);
  const heap = samples.map((s) => s.heapUsedMb).filter((x): x is number => x !== undefined);
  console.log(
    JSON.stringify({
      summary: 'junk-ids',
      endpoint,
      idBytes,
      requests: sent,
      statuses,
      serverAliveAfter: await alive(),
      firstTransportErrorAtRequest: failedAt,
      seconds: end.seconds,
      rssMb: { first: rss[0], max: Math.max(...rss), last: rss.at(-1) },
      heapUsedMb: { first: heap[0], max: Math.max(...heap), last: heap.at(-1) },
      latencyMs: {
        p50: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
        p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
      },
    }),
  );
}

async function lockout(): Promise<void> {
  const admin = process.env.ABUSE_ADMIN_TOKEN;
  if (!admin)
    throw new Error('lockout needs ABUSE_ADMIN_TOKEN (the server must run with LATCHKEY_ADMIN_TOKEN)');
  const failures = Number(process.env.ABUSE_FAILURES ?? 620);
  const attacker = new Agent({ localAddress: '127.0.0.2' });
  const victim = new Agent({ localAddress: '127.0.0.3' });
  const json = async (
    agent: Agent | undefined,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    token?: string,
  ) => {
    const r = await request(`${BASE}${path}`, {
      method,
      ...(agent ? { dispatcher: agent } : {}),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    type Answer = { organization: { id: string }; client: { id: string }; clientSecret: string };
    return { status: r.statusCode, body: (await r.body.json()) as Answer };
  };
  const results = [];
  for (const endpoint of ['/v2/auth/token/', '/oauth2/token', '/auth/v1/token']) {
    const org = await json(undefined, 'POST', '/admin/v1/organizations', { name: 'lockout' }, admin);
    const organizationId = org.body.organization.id;
    const client = await json(
      undefined,
      'POST',
      `/admin/v1/organizations/${organizationId}/clients`,
      { name: 'victim' },
      admin,
    );
    const clientId = client.body.client.id;
    const clientSecret = client.body.clientSecret;
    const extra =
      endpoint === '/auth/v1/token'
        ? { scope: 'integrator.admin' }
        : { scope: 'organization.admin', organization_id: organizationId };
    const attack: Record<string, number> = {};
    const t0 = performance.now();
    for (let i = 0; i < failures; i++) {
      const r = await json(attacker, 'POST', endpoint, {
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: 'lk_secret_wrong',
        ...extra,
      });
      attack[r.status] = (attack[r.status] ?? 0) + 1;
    }
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    // The same id in upper case, from the attacker's address: a bucket of its own, or the same one?
    const upper = await json(attacker, 'POST', endpoint, {
      grant_type: 'client_credentials',
      client_id: clientId.toUpperCase(),
      client_secret: 'lk_secret_wrong',
      ...extra,
    });
    const real = await json(victim, 'POST', endpoint, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      ...extra,
    });
    results.push({
      endpoint,
      attackerStatuses: attack,
      attackSeconds: seconds,
      attackerUpperCaseStatus: upper.status,
      victimStatus: real.status,
    });
    console.log(JSON.stringify(results.at(-1)));
  }
  await attacker.close();
  await victim.close();
  console.log(JSON.stringify({ summary: 'lockout', failures, results }));
}

async function deepJson(): Promise<void> {
  const concurrency = Number(process.env.ABUSE_CONCURRENCY ?? 4);
  const endpoint = process.env.ABUSE_ENDPOINT ?? '/v2/auth/token/';
  const seconds = Number(process.env.ABUSE_SECONDS ?? 10);
  const body = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
  const percentiles = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const at = (p: number) => Math.round((s[Math.floor(s.length * p)] ?? 0) * 10) / 10;
    return { samples: s.length, p50: at(0.5), p99: at(0.99) };
  };
  const probe = async (ms: number) => {
    const out: number[] = [];
    const until = performance.now() + ms;
    while (performance.now() < until) {
      const t0 = performance.now();
      const r = await request(`${BASE}/healthz`);
      await r.body.dump();
      out.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return out;
  };
  const quiet = await probe(seconds * 1000);
  let flooding = true;
  const statuses: Record<string, number> = {};
  const sent: number[] = [];
  const senders = Array.from({ length: concurrency }, async () => {
    while (flooding) {
      const t0 = performance.now();
      try {
        const r = await request(`${BASE}${endpoint}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await r.body.dump();
        statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
        sent.push(performance.now() - t0);
      } catch {
        statuses.error = (statuses.error ?? 0) + 1;
      }
    }
  });
  const flooded = await probe(seconds * 1000);
  flooding = false;
  await Promise.all(senders);
  console.log(
    JSON.stringify({
      summary: 'deep-json',
      endpoint,
      concurrency,
      statuses,
      deepRequestMs: percentiles(sent),
      healthzMs: { quiet: percentiles(quiet), flooded: percentiles(flooded) },
    }),
  );
}

const mode = process.argv[2];
if (mode === 'junk-ids') await junkIds();
else if (mode === 'lockout') await lockout();
else if (mode === 'deep-json') await deepJson();
else {
  console.error('usage: node --import tsx scripts/abuse.ts junk-ids|lockout|deep-json');
  process.exit(2);
}
