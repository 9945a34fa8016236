// The access log is ordered by (created DESC, id DESC), so a page boundary is the pair, not an id:
// two events may share a `created`, and ids (chosen by the app) are not time-ordered. The cursor
// returned as `startAfterId` is opaque: base64url of "<created as µs since epoch>.<id>". µs keep it
// exact for any stored timestamptz. Clients pass it back unchanged; anything else is a 400.
import { invalidParam } from '../../http/errors.ts';
import { isUuid } from '../../ids.ts';

export interface LogCursor {
  /** Microseconds since the Unix epoch, as a decimal string (exceeds 2^53 only after year 2255). */
  createdMicros: string;
  id: string;
}

export function cursorEncode(c: LogCursor): string {
  return Buffer.from(`${c.createdMicros}.${c.id}`).toString('base64url');
}

export function cursorDecode(s: string): LogCursor {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(s) ? Buffer.from(s, 'base64url').toString('utf8') : '';
  const m = /^(-?\d{1,17})\.([0-9a-f-]{36})$/.exec(text);
  if (!m || !isUuid(m[2])) {
    throw invalidParam('startAfterId', 'must be the startAfterId of a previous page of this log');
  }
  return { createdMicros: m[1]!, id: m[2]! };
}
