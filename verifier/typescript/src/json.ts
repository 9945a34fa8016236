// A strict JSON reader (RFC 8259) for the credential's header and payload, written to decide
// exactly as the C verifier's reader does, so the two agree on every hostile input:
// - the bytes must be UTF-8 (a BOM, an overlong form or a surrogate is malformed);
// - nesting deeper than LIMITS.jsonDepth is too_large;
// - a member name with a backslash escape is malformed, and a string value with one comes back
//   as an `Escaped` (Latchkey never escapes what a verifier reads, so a verifier never decodes
//   escapes; a value it reads that is escaped is simply not acceptable);
// - a number that is not a plain integer from 0 to 2^53 - 1 comes back as a `NonInteger`;
// - a member that appears twice comes back as DUPLICATE, so a verifier that reads it refuses it,
//   whatever order another parser would have kept.
// Objects have no prototype, so a member named "__proto__" is only a name.
import { LIMITS } from './limits.ts';

export const DUPLICATE: unique symbol = Symbol('duplicate member');

/** A string value written with backslash escapes. */
export class Escaped {
  constructor(readonly raw: string) {}
}

/** A number that is not a plain integer 0..2^53-1 (negative, fractional, exponent, or too big). */
export class NonInteger {
  constructor(readonly raw: string) {}
}

export type Json = null | boolean | number | string | Escaped | NonInteger | Json[] | JsonObject;
export interface JsonObject {
  [name: string]: Json | typeof DUPLICATE;
}

export class JsonRefused extends Error {
  constructor(readonly reason: 'malformed' | 'too_large') {
    super(reason);
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const PLAIN_INTEGER = /^(?:0|[1-9][0-9]{0,15})$/;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** Parses bytes as one JSON value, or throws JsonRefused. */
export function jsonParse(bytes: Uint8Array): Json {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new JsonRefused('malformed');
  }
  const r = new Reader(text);
  r.space();
  const v = r.value(1);
  r.space();
  if (r.at < text.length) throw new JsonRefused('malformed');
  return v;
}

class Reader {
  at = 0;
  constructor(private readonly s: string) {}

  space(): void {
    const s = this.s;
    while (this.at < s.length) {
      const c = s.charCodeAt(this.at);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      this.at++;
    }
  }

  value(depth: number): Json {
    const c = this.s[this.at];
    if (c === '{' || c === '[') {
      if (depth > LIMITS.jsonDepth) throw new JsonRefused('too_large');
      return c === '{' ? this.object(depth) : this.array(depth);
    }
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.s.startsWith(word, this.at)) {
        this.at += word.length;
        return v;
      }
    }
    throw new JsonRefused('malformed');
  }

  object(depth: number): JsonObject {
    const o: JsonObject = Object.create(null);
    this.at++; // {
    this.space();
    if (this.s[this.at] === '}') {
      this.at++;
      return o;
    }
    for (;;) {
      if (this.s[this.at] !== '"') throw new JsonRefused('malformed');
      const name = this.string();
      if (typeof name !== 'string') throw new JsonRefused('malformed');
      this.space();
      if (this.s[this.at] !== ':') throw new JsonRefused('malformed');
      this.at++;
      this.space();
      const v = this.value(depth + 1);
      o[name] = Object.hasOwn(o, name) ? DUPLICATE : v;
      this.space();
      const c = this.s[this.at++];
      if (c === '}') return o;
      if (c !== ',') throw new JsonRefused('malformed');
      this.space();
    }
  }

  array(depth: number): Json[] {
    const a: Json[] = [];
    this.at++; // [
    this.space();
    if (this.s[this.at] === ']') {
      this.at++;
      return a;
    }
    for (;;) {
      a.push(this.value(depth + 1));
      this.space();
      const c = this.s[this.at++];
      if (c === ']') return a;
      if (c !== ',') throw new JsonRefused('malformed');
      this.space();
    }
  }

  string(): string | Escaped {
    const s = this.s;
    const start = ++this.at; // after the opening quote
    let escaped = false;
    for (;;) {
      if (this.at >= s.length) throw new JsonRefused('malformed');
      const c = s.charCodeAt(this.at);
      if (c === 0x22) break;
      if (c < 0x20) throw new JsonRefused('malformed');
      if (c === 0x5c) {
        ESCAPE.lastIndex = this.at;
        if (!ESCAPE.test(s)) throw new JsonRefused('malformed');
        this.at = ESCAPE.lastIndex;
        escaped = true;
        continue;
      }
      this.at++;
    }
    const raw = s.slice(start, this.at);
    this.at++; // closing quote
    return escaped ? new Escaped(raw) : raw;
  }

  number(): number | NonInteger {
    NUMBER.lastIndex = this.at;
    if (!NUMBER.test(this.s)) throw new JsonRefused('malformed');
    const raw = this.s.slice(this.at, NUMBER.lastIndex);
    this.at = NUMBER.lastIndex;
    if (PLAIN_INTEGER.test(raw)) {
      const n = Number(raw);
      if (n <= Number.MAX_SAFE_INTEGER) return n;
    }
    return new NonInteger(raw);
  }
}

export function isObject(v: Json | typeof DUPLICATE | undefined): v is JsonObject {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    !(v instanceof Escaped) &&
    !(v instanceof NonInteger)
  );
}
