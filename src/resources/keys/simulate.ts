// POST …/keys/{keyId}/simulate: what the key's app user uploading one access event would cause,
// through the very same ingestion (validation at `created`, access log, webhook deliveries).
// Only in sandbox projects: a real project's access log is the record of real doors.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { invalidParam, notFound, sandboxOnly } from '../../http/errors.ts';
import { spendOrRefuse } from '../../http/rate-limit.ts';
import { type EventResult, eventsIngest } from '../app/events.ts';

export interface SimulateInput {
  action: 'locked' | 'unlocked';
  created?: string;
}

export async function keySimulate(
  ctx: AppContext,
  projectId: string,
  keyId: string,
  input: SimulateInput,
): Promise<EventResult> {
  const { rows } = await ctx.db.query<{ sandbox: boolean; app_user_id: string | null }>(
    `SELECT p.sandbox, k.app_user_id
       FROM projects p LEFT JOIN keys k ON k.project_id = p.id AND k.id = $2
      WHERE p.id = $1`,
    [projectId, keyId],
  );
  const row = rows[0];
  if (!row) throw notFound('project');
  if (!row.sandbox)
    throw sandboxOnly(
      'Simulated access events are only accepted in sandbox projects (created with "sandbox": true): the access log of a real project records real doors',
    );
  if (!row.app_user_id) throw notFound('key');
  const created = input.created === undefined ? new Date() : new Date(input.created);
  if (Number.isNaN(created.getTime())) throw invalidParam('created', 'must be a valid date-time');
  // Each one writes the access log and queues the key's webhook deliveries: counted per project.
  spendOrRefuse(
    ctx.simulationRate,
    projectId,
    `At most ${ctx.simulationRate.limit} simulated access events per minute per project (LATCHKEY_SIMULATIONS_PER_MINUTE)`,
  );
  const [result] = await eventsIngest(ctx, row.app_user_id, [
    { id: randomUUID(), keyId, action: input.action, created: created.toISOString() },
  ]);
  return result!;
}
