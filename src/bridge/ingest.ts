// What a bridge reports, taken in: lock events first (so that a remote operation's result finds
// its event recorded), then lock statuses, then command results. Only the process of the bridge
// that holds its lease may report (another one is a stale or duplicate bridge process: 409).
import type { AppContext } from '../context.ts';
import { conflict } from '../http/errors.ts';
import { commandOutcomeApply, connectionStatusRecord } from './connection-updates.ts';
import { lockEventsRecord } from './lock-events.ts';
import type { ReportAnswer, ReportBody } from './protocol.ts';
import { commandFinish, leaseHeld } from './queries.ts';

export async function reportIngest(
  ctx: AppContext,
  bridgeId: string,
  body: ReportBody,
): Promise<ReportAnswer> {
  if (!(await leaseHeld(ctx.db, bridgeId, body.instanceId)))
    throw conflict('This bridge process does not hold the bridge: poll first (another process may hold it)');
  const recorded = body.events?.length ? await lockEventsRecord(ctx, bridgeId, body.events) : 0;
  for (const s of body.statuses ?? []) await connectionStatusRecord(ctx, bridgeId, s);
  for (const r of body.results ?? []) {
    const row = await commandFinish(ctx.db, bridgeId, r.commandId, r);
    if (row) await commandOutcomeApply(ctx, row);
  }
  return { recorded };
}
