// `latchkey master-key rotate`: on PostgreSQL (or an embedded store no server has open) this process
// re-seals the store itself; when a server owns the embedded store, the server does it and this
// process relays its progress (control socket, socket.ts). Progress goes to stderr, the result to
// stdout.
import { CliError, fail } from '../admin-cli.ts';
import type { Config } from '../config.ts';
import { createContext } from '../context.ts';
import { type RotationResult, rotateMasterKey } from '../crypto/master-key-rotation.ts';
import { storeDescription } from '../db/open.ts';
import { openAndMigrate } from '../server.ts';
import { controlRequest, ndjsonLines } from './client.ts';
import { killAfter } from './socket.ts';

const say = (line: string) => process.stderr.write(`latchkey: ${line}\n`);

const doneAdvice = (keyId: string) =>
  `every sealed secret is now under master key ${keyId}. Remove LATCHKEY_MASTER_KEY_PREVIOUS from every process and restart them; keep the old key until you no longer need backups taken before now`;

export async function masterKeyRotate(config: Readonly<Config>, batchArg?: string): Promise<RotationResult> {
  const batchSize = Number(batchArg ?? '500');
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
    fail('--batch-size must be a whole number from 1 to 10000');
  if (!config.databaseUrl) {
    const res = await controlRequest(
      config.dataDir,
      'POST',
      `/master-key/rotate?batchSize=${batchSize}`,
    ).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNRESET') stoppedEarly(0);
      throw e;
    });
    if (res) return viaServer(config, res);
  }
  if (config.masterKeyPrevious.length === 0)
    fail(
      'set LATCHKEY_MASTER_KEY to the new master key and LATCHKEY_MASTER_KEY_PREVIOUS to the old one (the same on every process that runs meanwhile), then run this again',
    );
  say(`master-key rotate on ${storeDescription(config)}`);
  const db = await openAndMigrate(config);
  try {
    const ctx = await createContext(config, db);
    const kill = killAfter(config.masterKeyRotationKillAfter);
    const done = await rotateMasterKey(db, ctx.keyring, {
      batchSize,
      afterBatch: (p, batches) => {
        say(`re-sealed ${p.resealed} in ${p.column}`);
        kill(p, batches);
      },
    });
    say(doneAdvice(done.keyId));
    return done;
  } finally {
    await db.close();
  }
}

async function viaServer(config: Readonly<Config>, res: Awaited<ReturnType<typeof controlRequest>> & object) {
  say(
    `master-key rotate on ${storeDescription(config)}, by the server that has it open (its control socket)`,
  );
  let batches = 0;
  try {
    for await (const line of ndjsonLines(res)) {
      if (line.progress) {
        batches++;
        const p = line.progress as { column: string; resealed: number };
        say(`re-sealed ${p.resealed} in ${p.column}`);
      } else if (line.error) fail(String(line.error));
      else if (line.done) {
        const done = line.done as RotationResult;
        say(doneAdvice(done.keyId));
        return done;
      }
    }
  } catch (e) {
    if (e instanceof CliError) throw e;
  }
  return stoppedEarly(batches);
}

function stoppedEarly(batches: number): never {
  return fail(
    `the server stopped before the rotation finished (${batches} batches were committed; nothing is lost, every secret opens with the new or the old key): start it again with both keys and run \`latchkey master-key rotate\` again`,
  );
}
