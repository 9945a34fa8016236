// The narrowest way for a test to say "this lock is connected with a keypad" without a Matter
// network: the lock's connection row as a finished commissioning leaves it (online, keypad), through
// a bridge of the lock's organization that no process polls. lockTakesPins() reads that row.
import { randomBytes } from 'node:crypto';
import { uuidv7 } from '../../src/ids.ts';
import type { TestApp } from './app.ts';

export async function setLockTakesPins(t: TestApp, lockId: string, takes = true): Promise<void> {
  const { rows } = await t.ctx.db.query<{ project_id: string; organization_id: string }>(
    'SELECT l.project_id, p.organization_id FROM locks l JOIN projects p ON p.id = l.project_id WHERE l.id = $1',
    [lockId],
  );
  const lock = rows[0];
  if (!lock) throw new Error(`no lock ${lockId}`);
  const { rows: bridges } = await t.ctx.db.query<{ id: string }>(
    `INSERT INTO bridges (id, organization_id, name, token_hash) VALUES ($1, $2, 'test bridge', $3) RETURNING id`,
    [uuidv7(), lock.organization_id, randomBytes(32)],
  );
  await t.ctx.db.query(
    `INSERT INTO lock_connections (lock_id, project_id, bridge_id, status, keypad, capacity)
     VALUES ($1, $2, $3, 'online', $4, $5)
     ON CONFLICT (lock_id) DO UPDATE SET status = 'online', keypad = $4`,
    [
      lockId,
      lock.project_id,
      bridges[0]!.id,
      takes,
      JSON.stringify({ users: 10, pinCodes: 10, weekDaySchedulesPerUser: 4, yearDaySchedulesPerUser: 2 }),
    ],
  );
}
