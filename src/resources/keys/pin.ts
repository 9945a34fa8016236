// PIN codes: what a key's `pin` may ask for, how one is generated, and how it is shown.
//
// A generated PIN is drawn uniformly from the CSPRNG (crypto.randomInt) and drawn again when it is
// trivial to guess: one digit repeated (000000), a run up or down (123456, 654321, 901234 with the
// wrap), or a short pattern repeated (121212, 123123). Those are the codes people try first at a
// keypad; excluding them costs a few hundred of the 10^length codes. A PIN the integrator sets is
// taken as given: it may be mirroring a code the person already knows.
import { randomInt } from 'node:crypto';

export type PinStatus = 'pending' | 'set' | 'failed' | 'removed';

/** `pin` as a key item asks for it: true (generate), false or absent (none), or 4 to 8 digits. */
export type PinRequest = boolean | string | undefined;

export const PIN_PATTERN = '^[0-9]{4,8}$';

/** Whether a code is one a person would try first (see above). */
export function isTrivialPin(code: string): boolean {
  const d = [...code].map(Number);
  const steps = new Set(d.slice(1).map((x, i) => (x - d[i]! + 10) % 10));
  if (steps.size === 1 && (steps.has(0) || steps.has(1) || steps.has(9))) return true;
  for (let period = 2; period <= code.length / 2; period++) {
    if (code.length % period !== 0) continue;
    if (code === code.slice(0, period).repeat(code.length / period)) return true;
  }
  return false;
}

/** A fresh PIN of `length` digits that is not trivial; `taken` says which codes are already live. */
export function generatePin(length: number, taken: (code: string) => boolean = () => false): string {
  for (;;) {
    const code = String(randomInt(0, 10 ** length)).padStart(length, '0');
    if (!isTrivialPin(code) && !taken(code)) return code;
  }
}

export interface StoredPin {
  code: string;
  status: PinStatus;
  error: { title: string; detail: string } | null;
}

/**
 * The key's `pin` as the API shows it. The code is shown only when `showCode` (project.admin, and
 * the key's own app user); anything else that shows a key (a webhook, the audit trail) shows its
 * status alone.
 */
export function presentPin(pin: StoredPin, showCode: boolean) {
  return {
    ...(showCode ? { code: pin.code } : {}),
    status: pin.status,
    ...(pin.error ? { error: pin.error } : {}),
  };
}
