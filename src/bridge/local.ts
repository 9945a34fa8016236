// LATCHKEY_BRIDGE=local: the bridge inside the service, for a single site. It is a bridge like any
// other (a row, an id, the same agent and the same channel), but it calls the service's side of the
// channel in process instead of over HTTPS, and serves every organization. Its Matter controller
// starts only when the first lock is connected through it (agent.ts), so a service with no lock
// sends no multicast.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { StopJob } from '../periodic.ts';
import { bridgeLocalEnsure } from '../resources/bridges/queries.ts';
import { BridgeAgent, type BridgeTransport, type ControllerSettings } from './agent.ts';
import { reportIngest } from './ingest.ts';
import { EventJournal } from './journal.ts';
import { stateContext, stateLoad, stateSave } from './queries.ts';

export function inProcessTransport(ctx: AppContext, bridgeId: string): BridgeTransport {
  return {
    poll: (req, signal) => ctx.bridges.poll(bridgeId, req, signal),
    report: (body) => reportIngest(ctx, bridgeId, body),
    async loadState() {
      const sealed = await stateLoad(ctx.db, bridgeId);
      return sealed === undefined ? undefined : ctx.keyring.decrypt(sealed, stateContext(bridgeId));
    },
    async saveState(instanceId, state) {
      await stateSave(ctx.db, bridgeId, instanceId, ctx.keyring.encrypt(state, stateContext(bridgeId)));
    },
  };
}

export async function localBridgeStart(
  ctx: AppContext,
  log: FastifyBaseLogger,
  controller: ControllerSettings = {},
): Promise<{ bridgeId: string; agent: BridgeAgent; stop: StopJob }> {
  const bridge = await bridgeLocalEnsure(ctx.db);
  const l = log.child({ component: 'bridge' });
  const agent = new BridgeAgent({
    transport: inProcessTransport(ctx, bridge.id),
    journal: new EventJournal(),
    controller,
    log: (line) => l.info(line, `bridge: ${String(line.type)}`),
  }).start();
  return { bridgeId: bridge.id, agent, stop: () => agent.stop() };
}
