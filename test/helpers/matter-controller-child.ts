// A Matter controller (src/matter/controller.ts) in a child process, driven over stdin/stdout with
// JSON lines, so a test can run it inside a network namespace while the test stays on the host's.
// Request: {"id":1,"op":"commission","args":["MT:…","door1"]}  → {"id":1,"ok":true,"result":…}
//   or {"id":1,"ok":false,"error":{"code":"unreachable","transient":true,"message":"…"}}.
// The first request must be {"op":"start","args":[{snapshot?, livenessSeconds?, commandTimeoutMs?,
// commissionTimeoutMs?, watermarks?: {lockId: "number"}}]}.
// `{"op":"reconcile","args":[lockId, desiredState]}` runs src/matter/reconcile.ts's pass on it.
// Unsolicited lines: {"type":"event","event":{…,"eventNumber":"12"}}, {"type":"status",…},
// {"type":"reachability","lockId":…,"reachable":…}. Bigints travel as decimal strings.
import { createInterface } from 'node:readline';
import { MatterController } from '../../src/matter/controller.ts';
import { MatterLockError } from '../../src/matter/errors.ts';
import { reconcileLock } from '../../src/matter/reconcile.ts';
import type { MatterLogLevel } from '../../src/matter/runtime.ts';
import { MemoryStateStore } from '../../src/matter/state-store.ts';

interface StartArgs {
  snapshot?: string;
  livenessSeconds?: number;
  commandTimeoutMs?: number;
  commissionTimeoutMs?: number;
  watermarks?: Record<string, string>;
  logLevel?: MatterLogLevel;
}

const write = (o: unknown) =>
  process.stdout.write(`${JSON.stringify(o, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}\n`);

let controller: MatterController | undefined;
const store = new MemoryStateStore();

async function handle(op: string, args: unknown[]): Promise<unknown> {
  if (op === 'start') {
    const a = (args[0] ?? {}) as StartArgs;
    store.snapshot = a.snapshot;
    const started = Date.now();
    controller = await MatterController.start({
      store,
      livenessSeconds: a.livenessSeconds,
      commandTimeoutMs: a.commandTimeoutMs,
      commissionTimeoutMs: a.commissionTimeoutMs,
      logLevel: a.logLevel,
      eventsAfter: (lockId) =>
        a.watermarks?.[lockId] !== undefined ? BigInt(a.watermarks[lockId]) : undefined,
      onEvent: (event) => write({ type: 'event', event }),
      onStatus: (lockId, status) => write({ type: 'status', lockId, status }),
      onReachability: (lockId, reachable) =>
        write({ type: 'reachability', lockId, reachable, at: Date.now() }),
    });
    return { startedMs: Date.now() - started, locks: controller.locks() };
  }
  if (op === 'memory') return process.memoryUsage();
  if (!controller) throw new Error('start first');
  const c = controller as unknown as Record<string, (...a: unknown[]) => unknown>;
  // The bridge's reconcile pass, run beside the controller as the bridge runs it.
  if (op === 'reconcile') return await reconcileLock(controller, args[0] as string, args[1] as never);
  if (op === 'close') {
    await controller.close();
    setImmediate(() => process.exit(0));
    return null;
  }
  if (typeof c[op] !== 'function' || op.startsWith('#')) throw new Error(`no operation ${op}`);
  return await c[op]!.apply(controller, args);
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, op, args } = JSON.parse(line) as { id: number; op: string; args?: unknown[] };
  void handle(op, args ?? []).then(
    (result) => write({ id, ok: true, result: result ?? null }),
    (e: unknown) =>
      write({
        id,
        ok: false,
        error:
          e instanceof MatterLockError
            ? { code: e.code, transient: e.transient, message: e.message }
            : { code: 'internal', transient: false, message: (e as Error).stack ?? String(e) },
      }),
  );
});
process.stdin.on('end', () => {
  void (controller?.close() ?? Promise.resolve()).then(() => process.exit(0));
});
