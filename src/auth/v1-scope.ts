// The `scope` parameter of the auth API v1 token endpoint (docs/compatibility.md), parsed
// without I/O so every rule is table-tested (test/auth/v1-scope.test.ts). Decisions:
// - A scope is a space-delimited string or an array of strings. An array means its items joined by
//   one space, so an item may itself hold several space-delimited claims. Separators are runs of
//   ASCII whitespace (space, tab, CR, LF); empty items and leading/trailing blanks are ignored.
// - No scope, `null`, `""`, `[]` or only blanks: nothing was requested (the token gets the default
//   `integrator.admin` and the response carries no `scope`).
// - Claim kinds are case-sensitive, like every OAuth scope token (RFC 6749 §3.3): `Integrator.Admin`
//   is an unknown kind. A lock-holder id is a UUID and is compared case-insensitively (lowercased);
//   the country code of an identifier is ISO 3166 alpha-2 in upper case, as projects store it.
// - At most 4096 characters and 20 claims: more is `invalid_request` (it can never be valid: there
//   are three kinds and one claim of each). Non-string scope or array items: `invalid_request`.
// - Order of checks, so the answer does not depend on claim order: shape and size (invalid_request)
//   → two claims of one kind (invalid_request) → unknown kind (invalid_scope) → malformed
//   value (invalid_scope).
import { isUuid } from '../ids.ts';

export const V1_SCOPE_MAX_CHARS = 4096;
export const V1_SCOPE_MAX_CLAIMS = 20;

export const V1_CLAIM_KINDS = ['integrator.admin', 'lockHolder.admin', 'lockHolder.identifier'] as const;
export type V1ClaimKind = (typeof V1_CLAIM_KINDS)[number];

export interface LockHolderIdentifier {
  countryIso: string;
  orgNumber: string;
  /** May be the empty string. */
  orgNumberSuffix: string;
}

export interface V1Scope {
  /** False when no claim was sent: the response then has no `scope` field. */
  requested: boolean;
  /** The claims in canonical form (lock-holder ids lowercased), in request order. */
  claims: string[];
  integratorAdmin: boolean;
  /** From a `lockHolder.admin:<id>` claim. */
  lockHolderId?: string;
  /** From a `lockHolder.identifier:<countryIso>.<orgNumber>.<orgNumberSuffix>` claim. */
  identifier?: LockHolderIdentifier;
}

export type V1ScopeResult =
  | { ok: true; scope: V1Scope }
  | { ok: false; error: 'invalid_request' | 'invalid_scope'; description: string };

const EXPECTED =
  'claims are integrator.admin, lockHolder.admin:<lockHolderId> and lockHolder.identifier:<countryIso>.<orgNumber>.<orgNumberSuffix>';
const IDENTIFIER_RE = /^([A-Z]{2})\.([A-Za-z0-9-]{1,40})\.([A-Za-z0-9-]{0,40})$/;
// RFC 6749 §3.3 scope-token characters: printable ASCII except space, `"` and `\`.
const SCOPE_TOKEN_RE = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

const fail = (error: 'invalid_request' | 'invalid_scope', description: string): V1ScopeResult => ({
  ok: false,
  error,
  description,
});

/** A claim quoted in an error description: bounded, printable ASCII only (never echo raw input). */
function quote(claim: string): string {
  const printable = claim.replace(/[^\x20-\x7E]/g, '?');
  return `"${printable.length > 80 ? `${printable.slice(0, 80)}…` : printable}"`;
}

/** The kind a claim announces (the part before the first `:`), when it is one we know. */
export function claimKind(claim: string): V1ClaimKind | undefined {
  const colon = claim.indexOf(':');
  const head = colon < 0 ? claim : claim.slice(0, colon);
  return (V1_CLAIM_KINDS as readonly string[]).includes(head) ? (head as V1ClaimKind) : undefined;
}

function splitScope(input: unknown): string[] | V1ScopeResult {
  if (input === undefined || input === null) return [];
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else if (Array.isArray(input)) {
    if (input.length > V1_SCOPE_MAX_CLAIMS) {
      return fail('invalid_request', `scope may hold at most ${V1_SCOPE_MAX_CLAIMS} claims`);
    }
    let chars = 0;
    for (const item of input) {
      if (typeof item !== 'string') return fail('invalid_request', 'scope array items must be strings');
      chars += item.length + 1;
    }
    if (chars > V1_SCOPE_MAX_CHARS + 1) {
      return fail('invalid_request', `scope may be at most ${V1_SCOPE_MAX_CHARS} characters`);
    }
    text = input.join(' ');
  } else {
    return fail('invalid_request', 'scope must be a space-delimited string or an array of strings');
  }
  if (text.length > V1_SCOPE_MAX_CHARS) {
    return fail('invalid_request', `scope may be at most ${V1_SCOPE_MAX_CHARS} characters`);
  }
  const claims = text.split(/[ \t\r\n]+/).filter(Boolean);
  if (claims.length > V1_SCOPE_MAX_CLAIMS) {
    return fail('invalid_request', `scope may hold at most ${V1_SCOPE_MAX_CLAIMS} claims`);
  }
  return claims;
}

export function parseV1Scope(input: unknown): V1ScopeResult {
  const split = splitScope(input);
  if (!Array.isArray(split)) return split;
  const scope: V1Scope = { requested: split.length > 0, claims: [], integratorAdmin: false };

  const seen = new Set<V1ClaimKind>();
  for (const claim of split) {
    const kind = claimKind(claim);
    if (!kind) continue;
    if (seen.has(kind)) {
      return fail(
        'invalid_request',
        `Multiple claims of the same kind are not allowed: the scope holds more than one ${kind} claim`,
      );
    }
    seen.add(kind);
  }
  const unknown = split.find((c) => !claimKind(c));
  if (unknown !== undefined)
    return fail('invalid_scope', `Unknown scope claim ${quote(unknown)}; ${EXPECTED}`);

  for (const claim of split) {
    const malformed = fail('invalid_scope', `Malformed scope claim ${quote(claim)}; ${EXPECTED}`);
    if (!SCOPE_TOKEN_RE.test(claim)) return malformed;
    const kind = claimKind(claim)!;
    const value = claim.slice(kind.length + 1);
    if (kind === 'integrator.admin') {
      if (claim !== kind) return malformed;
      scope.integratorAdmin = true;
      scope.claims.push(kind);
    } else if (kind === 'lockHolder.admin') {
      if (claim[kind.length] !== ':' || !isUuid(value)) return malformed;
      scope.lockHolderId = value.toLowerCase();
      scope.claims.push(`${kind}:${scope.lockHolderId}`);
    } else {
      const m = claim[kind.length] === ':' ? IDENTIFIER_RE.exec(value) : null;
      if (!m) return malformed;
      scope.identifier = { countryIso: m[1]!, orgNumber: m[2]!, orgNumberSuffix: m[3]! };
      scope.claims.push(claim);
    }
  }
  return { ok: true, scope };
}

/** The identifier claim naming this lock holder, in canonical form. */
export function identifierClaim(i: LockHolderIdentifier): string {
  return `lockHolder.identifier:${i.countryIso}.${i.orgNumber}.${i.orgNumberSuffix}`;
}
