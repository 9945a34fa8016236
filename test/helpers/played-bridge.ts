// A bridge played by the test over the real channel (poll, report with a bridge token), as
// `latchkey bridge` does: connecting a lock and answering its commissioning as a Matter lock with a
// keypad would. The same with a real Matter lock runs in network namespaces (test/matter/).
import type { BridgeTransport } from '../../src/bridge/agent.ts';
import type { TestApp } from './app.ts';
import type { Tenant } from './factories.ts';

/** The virtual lock's default manual pairing code. */
export const PAIRING_CODE = '3497-011-2332';

/** Connects `lockId` through the bridge behind `tr` and answers the commissioning: online, keypad, 10 users. */
export async function connectPlayedLock(
  t: TestApp,
  x: Tenant,
  lockId: string,
  tr: BridgeTransport,
  instanceId: string,
): Promise<void> {
  const put = await t.call('PUT', `/v2/projects/${x.projectId}/locks/${lockId}/connection`, {
    token: x.projectToken,
    body: { type: 'matter', pairingCode: PAIRING_CODE },
  });
  if (put.status !== 202) throw new Error(`connecting the lock: ${put.status} ${JSON.stringify(put.body)}`);
  const p = await tr.poll({ instanceId, waitMs: 0 }, new AbortController().signal);
  await tr.report({
    instanceId,
    results: [
      {
        commandId: p.commands[0]!.id,
        ok: true,
        result: {
          capabilities: {
            keypad: true,
            capacity: { users: 10, pinCodes: 10, weekDaySchedulesPerUser: 4, yearDaySchedulesPerUser: 1 },
          },
          identity: { vendor: 'V', product: 'P' },
          status: { lockState: 'locked', batteryPercent: 90, batteryLevel: 'ok', reachable: true },
        },
      },
    ],
  });
}
