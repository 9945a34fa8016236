// The access log is ordered by (created DESC, id DESC), so a page boundary is the pair, not an id:
// two events may share a `created`, and ids (chosen by the app) are not time-ordered. The cursor
// returned as `startAfterId` is opaque: base64url of "<created with microseconds, UTC>|<id>", exact
// for any stored timestamptz. Clients pass it back unchanged; anything else is a 400.
import { invalidParam } from '../../http/errors.ts';
import { isUuid } from '../../ids.ts';

export interface LogCursor {
  /** `created` of the last event of the previous page, "2026-11-21T10:15:30.123456Z". */
  created: string;
  id: string;
}

const CREATED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function cursorEncode(c: LogCursor): string {
  return Buffer.from(`${c.created}|${c.id}`).toString('base64url');
}

export function cursorDecode(s: string): LogCursor {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(s) ? Buffer.from(s, 'base64url').toString('utf8') : '';
  const [created, id, ...rest] = text.split('|');
  if (rest.length || !created || !CREATED.test(created) || Number.isNaN(Date.parse(created)) || !isUuid(id)) {
    throw invalidParam('startAfterId', 'must be the startAfterId of a previous page of this log');
  }
  return { created, id };
}
