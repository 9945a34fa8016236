// The bridge's buffer of lock events not yet acknowledged by the service. A lock reports an event
// once (or again after a reconnect, which the service de-duplicates by the lock's event number), so
// an event the bridge has heard must survive the service being down and the bridge restarting: it
// is appended to a file (one JSON line each, fsynced) before anything else happens to it, and
// dropped from the file only once the service has recorded it. The local bridge (inside the
// service) keeps it in memory: the service being down means that bridge is down too, and the
// controller's subscription hands the lock's unrecorded events over again on restart.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { WireEvent } from './protocol.ts';

/** More than this many unacknowledged events (weeks without the service): the oldest are dropped. */
export const JOURNAL_MAX = 100_000;

export class EventJournal {
  readonly #path: string | undefined;
  #events: WireEvent[] = [];
  dropped = 0;

  constructor(path?: string) {
    this.#path = path;
    if (path && existsSync(path)) {
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          this.#events.push(JSON.parse(line) as WireEvent);
        } catch {
          // a line cut by a crash mid-write: the lock sends that event again on resubscription
        }
      }
    }
  }

  get size() {
    return this.#events.length;
  }

  append(e: WireEvent) {
    if (this.#path) {
      mkdirSync(dirname(this.#path), { recursive: true, mode: 0o700 });
      appendFileSync(this.#path, `${JSON.stringify(e)}\n`, { mode: 0o600, flush: true });
    }
    this.#events.push(e);
    if (this.#events.length > JOURNAL_MAX) {
      this.dropped += this.#events.length - JOURNAL_MAX;
      this.ack(this.#events.length - JOURNAL_MAX);
    }
  }

  /** The oldest unacknowledged events, at most `max`. */
  head(max: number): WireEvent[] {
    return this.#events.slice(0, max);
  }

  /** The service recorded the first `n` events: forget them. */
  ack(n: number) {
    if (n <= 0) return;
    this.#events.splice(0, n);
    if (this.#path) {
      const tmp = `${this.#path}.tmp`;
      writeFileSync(tmp, this.#events.map((e) => `${JSON.stringify(e)}\n`).join(''), {
        mode: 0o600,
        flush: true,
      });
      renameSync(tmp, this.#path);
    }
  }
}
