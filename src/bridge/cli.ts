// `latchkey bridge`: the bridge on the locks' network. It connects out to the service over HTTPS
// with its bridge token (LATCHKEY_BRIDGE_TOKEN, never on the command line where `ps` shows it),
// keeps its lock events and a copy of its controller's state in --state-dir, and runs until
// SIGTERM/SIGINT.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import type { MatterLogLevel } from '../matter/runtime.ts';
import { FileStateStore } from '../matter/state-store.ts';
import { BridgeAgent } from './agent.ts';
import { httpTransport } from './http-transport.ts';
import { EventJournal } from './journal.ts';

export const BRIDGE_USAGE = `usage: LATCHKEY_BRIDGE_TOKEN=lk_bridge_… latchkey bridge [options]
  --url URL             the service (default LATCHKEY_PUBLIC_URL)
  --state-dir DIR       where the bridge keeps unsent lock events and a copy of its controller's
                        state (default ./bridge; mode 0700: the state holds its Matter fabric's keys)
  --port N              the controller's Matter UDP port (default: any free one)
  --log-level LEVEL     matter.js's own log: debug, info, notice, warn (default), error
Runs on the locks' network (IPv6 and mDNS on the same link as the locks; see docs/matter.md).`;

export class BridgeUsageError extends Error {}

export async function bridgeCli(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: 'string' },
      'state-dir': { type: 'string' },
      port: { type: 'string' },
      'log-level': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${BRIDGE_USAGE}\n`);
    return;
  }
  const config = loadConfig();
  if (!config.bridgeToken) throw new BridgeUsageError(`LATCHKEY_BRIDGE_TOKEN is not set\n${BRIDGE_USAGE}`);
  const url = values.url ?? config.publicUrl;
  if (!/^https?:\/\//.test(url)) throw new BridgeUsageError('--url must be an http(s) URL');
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535))
    throw new BridgeUsageError('--port must be a port number');
  const stateDir = values['state-dir'] ?? './bridge';
  const log = (line: Record<string, unknown>) =>
    process.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), ...line })}\n`);
  const agent = new BridgeAgent({
    transport: httpTransport(url, config.bridgeToken),
    journal: new EventJournal(join(stateDir, 'events.jsonl')),
    stateCache: new FileStateStore(join(stateDir, 'controller-state.json')),
    controller: {
      port,
      livenessSeconds: config.matterLivenessSeconds,
      logLevel: (values['log-level'] as MatterLogLevel | undefined) ?? 'warn',
    },
    log,
  });
  log({ type: 'starting', url, instanceId: agent.instanceId });
  agent.start();
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  await agent.stop();
  log({ type: 'stopped' });
}
