// Every open connection holds a file descriptor, and a live stream holds its connection for as long
// as the client likes. Without a reserve, enough streams take every descriptor below the process's
// limit (RLIMIT_NOFILE, `ulimit -n`): then new connections are refused (/healthz, other tenants'
// requests) and the process cannot open a store connection or a webhook socket. So new streams are
// refused while fewer than LATCHKEY_CONNECTION_RESERVE descriptors remain below the limit, and the
// server stops accepting connections (server.maxConnections) while fewer than half the reserve
// would remain for the process's own descriptors: store connections, webhook deliveries, files.
//
// Node has no call for the limit: it is read once from /proc/self/limits (Linux), else from a
// shell's `ulimit -n` (a child inherits the limit). Descriptors in use are this server's open
// connections (counted as they open and close) plus everything else, which is counted by listing
// /proc/self/fd (or /dev/fd) at most once a second (every 100 ms near the reserve): a listing costs
// time in proportion to the descriptors open, too much for every new stream (docs/performance.md).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:net';

let limitRead: number | undefined;

/** The soft limit on open file descriptors of this process; Infinity when unlimited or unknown. */
export function descriptorLimit(): number {
  limitRead ??= readDescriptorLimit();
  return limitRead;
}

function readDescriptorLimit(): number {
  const parse = (v: string | undefined) =>
    v === 'unlimited' ? Number.POSITIVE_INFINITY : v && /^\d+$/.test(v) ? Number(v) : undefined;
  try {
    const m = /^Max open files\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    const n = parse(m?.[1]);
    if (n !== undefined) return n;
  } catch {
    // not Linux: ask a shell
  }
  const r = spawnSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8', timeout: 5000 });
  return parse(r.stdout?.trim()) ?? Number.POSITIVE_INFINITY;
}

/** Descriptors open in this process now, or undefined where the system does not list them. */
export function descriptorsOpen(): number | undefined {
  for (const dir of ['/proc/self/fd', '/dev/fd']) {
    try {
      return readdirSync(dir).length - 1; // the listing's own descriptor
    } catch {
      // try the next
    }
  }
  return undefined;
}

const SAMPLE_MS = 1000;
const SAMPLE_NEAR_RESERVE_MS = 100;

export class ConnectionReserve {
  private connections = 0;
  /** Descriptors that are not this server's connections, at the last count. */
  private others = 0;
  private countedAt = Number.NEGATIVE_INFINITY;
  private readonly closed = () => {
    this.connections--;
  };

  constructor(
    /** The descriptor limit (Infinity: no reserve is kept). */
    readonly limit: number,
    /** Descriptors kept free for everything but streams. */
    readonly reserve: number,
    private readonly countOpen: () => number | undefined = descriptorsOpen,
  ) {}

  /** Counts the server's connections, and bounds them once it listens (reported to `onListening`). */
  attach(server: Server, onListening?: (maxConnections: number | undefined) => void): void {
    server.on('connection', (socket) => {
      this.connections++;
      socket.on('close', this.closed); // one function for every socket: nothing allocated per connection
    });
    server.once('listening', () => {
      let max: number | undefined;
      if (Number.isFinite(this.limit)) {
        this.count();
        max = Math.max(1, this.limit - this.others - Math.ceil(this.reserve / 2));
        server.maxConnections = max;
      }
      onListening?.(max);
    });
  }

  /** Descriptors free below the limit now (Infinity when the limit is unknown). */
  free(): number {
    if (!Number.isFinite(this.limit)) return Number.POSITIVE_INFINITY;
    const age = performance.now() - this.countedAt;
    const near = this.limit - this.others - this.connections < 2 * this.reserve;
    if (age >= SAMPLE_MS || (near && age >= SAMPLE_NEAR_RESERVE_MS)) this.count();
    return this.limit - this.others - this.connections;
  }

  /** Is there room for one more long-lived connection (a live stream) above the reserve? */
  roomForStream(): boolean {
    return this.free() >= this.reserve;
  }

  /** Where descriptors cannot be listed, only this server's connections are counted. */
  private count(): void {
    const open = this.countOpen();
    this.countedAt = performance.now();
    if (open !== undefined) this.others = Math.max(0, open - this.connections);
  }
}
