// The offline lock's journal: one JSON line per presentation, kept by the lock in a file. A phone
// uploads the accepted ones through `POST /v2/app/events` ({ id, keyId, action, created }); the
// `created` is the lock's clock, and the id (a UUIDv7 from that clock) makes the upload idempotent.
// Refusals stay on the lock: the events API records what keys did, not what they failed to do.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { Reason } from '../../verifier/typescript/src/reasons.ts';

export interface JournalEntry {
  /** The event id. */
  id: string;
  lockId: string;
  /** When it happened, by the lock's clock (ISO 8601 UTC, milliseconds). */
  created: string;
  accepted: boolean;
  reason: Reason;
  /** The key (the credential's jti), once its signature verified. */
  keyId?: string;
  appUserId?: string;
  /** What the lock did: `unlocked` when it opened. */
  action?: 'unlocked';
  /** The revocation list's v the lock holds after this presentation. */
  revocationV: number;
}

/** An event as `POST /v2/app/events` takes it. */
export interface AppEvent {
  id: string;
  keyId: string;
  action: 'unlocked' | 'locked';
  created: string;
}

export function journalAppend(file: string, entry: JournalEntry): void {
  appendFileSync(file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
}

export function journalRead(file: string): JournalEntry[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as JournalEntry);
}

/** The entries a phone uploads: each opening, as the events API's shape. */
export function journalEvents(entries: readonly JournalEntry[]): AppEvent[] {
  return entries
    .filter((e) => e.accepted && e.keyId && e.action)
    .map((e) => ({ id: e.id, keyId: e.keyId!, action: e.action!, created: e.created }));
}
