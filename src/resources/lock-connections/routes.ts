// A lock's connection to a network lock (Matter), through a bridge. Connecting answers 202 at once:
// commissioning runs on the bridge, and the lock's `connection.status` says how it went.

import { Type } from '@sinclair/typebox';
import { commandInsert } from '../../bridge/queries.ts';
import { reconcilesDrop } from '../../bridge/reconcile-queue.ts';
import { pinChangedEnqueue } from '../../bridge/reconcile-wiring.ts';
import type { Tx } from '../../db/db.ts';
import { conflict, found, invalidParam, notFound } from '../../http/errors.ts';
import { type Auth, defineOperation } from '../../http/operations.ts';
import { wrap } from '../../http/schemas.ts';
import { PairingCodeError, parsePairingCode } from '../../matter/pairing-code.ts';
import { bridgeFind, bridgesUsable } from '../bridges/queries.ts';
import { recordLockDisconnected } from '../keys/lock-pins.ts';
import { presentLock } from '../locks/present.ts';
import { lockFindById } from '../locks/queries.ts';
import { LockParams, LockSchema } from '../locks/schema.ts';
import { projectAdmin } from '../projects/auth.ts';
import { connectionDelete, connectionFind, connectionStart, lockForConnection } from './queries.ts';
import { ConnectionPutBody } from './schema.ts';

const tags = ['locks'];
/** Installers connect locks on site, as they onboard them. */
const adminOrInstaller: Auth = {
  kind: 'bearer',
  scopes: ['project.admin', 'project.installer'],
  resource: 'project',
};

/** How long a commission command waits for its bridge to take it up. */
export const COMMISSION_WAIT_MS = 10 * 60_000;
/** How long disconnecting waits for the bridge to clean the lock and leave its fabric. */
const DISCONNECT_WAIT_MS = 20_000;
const DAY_MS = 86_400_000;

/** The bridge named, or the organization's only one; 400 on `bridgeId` otherwise. */
async function chooseBridge(tx: Tx, organizationId: string, bridgeId: string | undefined): Promise<string> {
  if (bridgeId !== undefined) {
    const b = await bridgeFind(tx, organizationId, bridgeId);
    if (!b) throw invalidParam('bridgeId', 'is not a bridge of this organization');
    return b.id;
  }
  const usable = await bridgesUsable(tx, organizationId);
  if (usable.length === 0)
    throw invalidParam(
      'bridgeId',
      "the organization has no bridge: create one (POST /v2/organization/{organizationId}/bridges) and run `latchkey bridge` on the locks' network, or run the service with LATCHKEY_BRIDGE=local",
    );
  if (usable.length > 1)
    throw invalidParam(
      'bridgeId',
      "the organization has several bridges: name the one on the lock's network",
    );
  return usable[0]!.id;
}

export const lockConnectionOperations = [
  defineOperation({
    operationId: 'lockConnectionsPut',
    method: 'PUT',
    audit: 'lockConnection.created',
    path: '/v2/projects/:projectId/locks/:lockId/connection',
    tags,
    summary: 'Connect a network lock (Matter) through a bridge; commissioning goes on after the answer',
    description:
      "Answers 202 with the lock, its `connection.status` being `commissioning`; it becomes `online`, or `failed` with an `error` in plain words (a wrong pairing code, no lock found on the bridge's network). A lock already connected is 409 (a failed connection may be retried).",
    auth: adminOrInstaller,
    components: [LockSchema],
    params: LockParams,
    body: ConnectionPutBody,
    errors: ['conflict'],
    success: { status: 202, schema: wrap('lock', Type.Ref('Lock')) },
    handler: async (request, _reply, ctx) => {
      const { projectId, lockId } = request.params;
      const { pairingCode, bridgeId } = request.body;
      try {
        parsePairingCode(pairingCode);
      } catch (e) {
        if (e instanceof PairingCodeError) throw invalidParam('pairingCode', e.message);
        throw e;
      }
      await ctx.db.transaction(async (tx) => {
        const l = await lockForConnection(tx, projectId, lockId);
        if (!l) throw notFound('lock');
        if (l.connection && l.connection.status !== 'failed')
          throw conflict('The lock is already connected: disconnect it first (DELETE …/connection)');
        const chosen = await chooseBridge(tx, l.organization_id, bridgeId);
        await connectionStart(tx, projectId, lockId, chosen);
        await commandInsert(tx, {
          bridgeId: chosen,
          lockId,
          kind: 'commission',
          payload: { pairingCode },
          ttlMs: COMMISSION_WAIT_MS,
        });
      });
      return { lock: presentLock(await found('lock', lockFindById(ctx.db, projectId, lockId))) };
    },
  }),

  defineOperation({
    operationId: 'lockConnectionsDelete',
    method: 'DELETE',
    audit: { recordAfter: 'lockConnection.deleted' },
    path: '/v2/projects/:projectId/locks/:lockId/connection',
    tags,
    summary:
      "Disconnect the network lock: what the service wrote to it is removed, and it leaves the lock's fabric",
    description:
      'A lock that cannot be reached is forgotten anyway; the answer then carries a `warning` saying what stays on the lock.',
    auth: projectAdmin,
    components: [LockSchema],
    params: LockParams,
    success: {
      status: 200,
      schema: Type.Object({
        lock: Type.Ref('Lock'),
        warning: Type.Optional(Type.String({ description: 'what could not be done, in plain words' })),
      }),
    },
    handler: async (request, _reply, ctx) => {
      const { projectId, lockId } = request.params;
      const c = await found('connection', connectionFind(ctx.db, projectId, lockId));
      let warning: string | undefined;
      const forget = () => ctx.bridges.send({ bridgeId: c.bridge_id, lockId, kind: 'forget', ttlMs: DAY_MS });
      if (c.status === 'online') {
        const done = await ctx.bridges.request({
          bridgeId: c.bridge_id,
          lockId,
          kind: 'decommission',
          timeoutMs: DISCONNECT_WAIT_MS,
        });
        if (done?.status !== 'done') {
          await forget();
          warning = `The lock could not be cleaned (${done?.error?.detail ?? 'the bridge did not answer in time'}), so it was forgotten as it is: it keeps the users and PIN codes the service wrote, and this service's Matter fabric, until they are removed at the lock (a factory reset removes both).`;
        }
      } else {
        // Unreachable: nothing can be removed now. Commissioning or failed: should commissioning
        // still finish on the bridge, the lock is dropped there too.
        await forget();
        if (c.status === 'unreachable')
          warning =
            "The lock cannot be reached, so it was forgotten as it is: it keeps the users and PIN codes the service wrote, and this service's Matter fabric, until they are removed at the lock (a factory reset removes both).";
      }
      // No PIN is on the lock any more as far as the service knows: live keys' PINs wait (pending)
      // for a new connection, the others are removed.
      await ctx.db.transaction(async (tx) => {
        await connectionDelete(tx, projectId, lockId);
        // A reconciliation still waiting would write PINs into a lock that is leaving.
        await reconcilesDrop(tx, lockId);
        await pinChangedEnqueue(tx, ctx.keyring, await recordLockDisconnected(tx, lockId, new Date()));
      });
      const lock = presentLock(await found('lock', lockFindById(ctx.db, projectId, lockId)));
      return warning ? { lock, warning } : { lock };
    },
  }),
];
