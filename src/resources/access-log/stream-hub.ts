// The process's live access-event stream hub (a field of the context, `ctx.accessEventStreams`):
// one LISTEN for every open stream of this process, its limits from the configuration, the
// descriptor reserve it keeps free (connection-reserve.ts) and its gauge.
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { ClientStatusCache } from '../../auth/revocation.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { ConnectionReserve } from '../../http/connection-reserve.ts';
import { AccessEventStreams } from './stream.ts';

/** The scope the stream's operation needs (`projectAdmin`), which its token must keep holding. */
export const STREAM_SCOPE = 'project.admin';

export function accessEventStreamsCreate(o: {
  config: Readonly<Config>;
  db: Db;
  clientStatus: ClientStatusCache;
  reserve: ConnectionReserve;
  log: FastifyBaseLogger;
  registry: Registry;
}): AccessEventStreams {
  const c = o.config;
  const streams = new AccessEventStreams(
    o.db,
    {
      heartbeatMs: c.streamHeartbeatMs,
      tokenCheckMs: c.streamTokenCheckMs,
      batch: c.streamBatch,
      limits: {
        perProject: c.streamMaxPerProject,
        perClient: c.streamsPerClient,
        perAddress: c.streamsPerAddress,
      },
    },
    {
      tokensValid: (tokens) =>
        o.clientStatus.stillValidMany(
          tokens.map((t) => ({
            clientId: t.clientId,
            generation: t.generation,
            resourceId: t.projectId,
            scope: STREAM_SCOPE,
          })),
        ),
      roomForStream: () => o.reserve.roomForStream(),
      onCredentialsChanged: (fn) => o.clientStatus.onClear(fn),
      log: o.log.child({ component: 'access-event-stream' }),
    },
  );
  new Gauge({
    name: 'latchkey_access_event_streams_open',
    help: 'Live access-event streams open in this process',
    registers: [o.registry],
    collect() {
      this.set(streams.size);
    },
  });
  return streams;
}
