// Matter onboarding payloads, parsed and validated without loading matter.js (the service checks a
// pairing code inside a request, where matter.js must not be loaded):
// - the manual pairing code: 11 digits, or 21 with vendor and product id, ending in a Verhoeff
//   check digit; dashes and spaces are allowed between digits (printed as 3497-011-2332);
// - the QR code payload: "MT:" and base-38 text holding a bit-packed record (version, vendor and
//   product id, commissioning flow, discovery capabilities, 12-bit discriminator, passcode), plus
//   optional TLV data we keep but do not need.
// The manual code carries only the top 4 bits of the discriminator (the "short" discriminator),
// which is all mDNS discovery needs; the QR payload carries all 12.
// test/matter/pairing-code.test.ts checks both against matter.js's own encoders.

export interface PairingCode {
  passcode: number;
  /** Exactly one of the two: the QR payload gives the long (12-bit) one, the manual code the short (4-bit). */
  longDiscriminator?: number;
  shortDiscriminator?: number;
  vendorId?: number;
  productId?: number;
  /** The commissioning flow the device asks for (QR payload only): 0 standard, 1 user intent, 2 custom. */
  flowType?: number;
}

export class PairingCodeError extends Error {
  override name = 'PairingCodeError';
}

const FORBIDDEN_PASSCODES = new Set([
  0, 11111111, 22222222, 33333333, 44444444, 55555555, 66666666, 77777777, 88888888, 99999999, 12345678,
  87654321,
]);

export function isValidPasscode(p: number): boolean {
  return Number.isInteger(p) && p >= 1 && p <= 99999998 && !FORBIDDEN_PASSCODES.has(p);
}

// Verhoeff's dihedral-group check digit (as the Matter specification uses it).
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

export function verhoeffDigit(digits: string): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = D[c]![P[(i + 1) % 8]![d]!]!;
  }
  return INV[c]!;
}

function parseManual(text: string): PairingCode {
  if (!/^[\d\s-]+$/.test(text))
    throw new PairingCodeError('a manual pairing code is 11 or 21 digits (dashes and spaces allowed)');
  const code = text.replace(/[\s-]/g, '');
  if (code.length !== 11 && code.length !== 21)
    throw new PairingCodeError(`a manual pairing code is 11 or 21 digits, not ${code.length}`);
  const first = Number(code[0]);
  if (first >= 8) throw new PairingCodeError('this pairing code is of a later format than Matter 1.x');
  if (verhoeffDigit(code.slice(0, -1)) !== Number(code.at(-1)))
    throw new PairingCodeError('the pairing code has a typo: its check digit does not match');
  const hasIds = (first & 0b100) !== 0;
  if (hasIds !== (code.length === 21))
    throw new PairingCodeError('the pairing code’s length does not match what its first digit says');
  const chunk2 = Number(code.slice(1, 6));
  const chunk3 = Number(code.slice(6, 10));
  if (chunk2 > 0xffff || chunk3 > 0x1fff) throw new PairingCodeError('the pairing code is not a Matter code');
  const out: PairingCode = {
    shortDiscriminator: ((first & 0b11) << 2) | (chunk2 >> 14),
    passcode: (chunk2 & 0x3fff) | (chunk3 << 14),
  };
  if (hasIds) {
    out.vendorId = Number(code.slice(10, 15));
    out.productId = Number(code.slice(15, 20));
    if (out.vendorId > 0xffff || out.productId > 0xffff)
      throw new PairingCodeError('the pairing code’s vendor or product id is out of range');
  }
  return out;
}

const BASE38 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-.';

function base38Decode(text: string): Uint8Array {
  const rest = text.length % 5;
  if (rest !== 0 && rest !== 2 && rest !== 4)
    throw new PairingCodeError('the QR code payload has a wrong length');
  const out: number[] = [];
  for (let i = 0; i < text.length; ) {
    const n = Math.min(5, text.length - i);
    let value = 0;
    for (let j = n - 1; j >= 0; j--) {
      const v = BASE38.indexOf(text[i + j]!);
      if (v < 0)
        throw new PairingCodeError(`the QR code payload has a character it cannot hold: ${text[i + j]}`);
      value = value * 38 + v;
    }
    const bytes = n === 5 ? 3 : n === 4 ? 2 : 1;
    if (value >= 2 ** (8 * bytes)) throw new PairingCodeError('the QR code payload is not valid base-38');
    for (let b = 0; b < bytes; b++) out.push((value >> (8 * b)) & 0xff);
    i += n;
  }
  return Uint8Array.from(out);
}

function parseQr(text: string): PairingCode {
  const body = text.slice(3);
  if (body.includes('*'))
    throw new PairingCodeError('the QR code holds several devices: connect them one at a time');
  const bytes = base38Decode(body);
  if (bytes.length < 11) throw new PairingCodeError('the QR code payload is too short');
  let bits = 0n;
  for (let i = 10; i >= 0; i--) bits = (bits << 8n) | BigInt(bytes[i]!);
  const field = (offset: number, length: number) =>
    Number((bits >> BigInt(offset)) & ((1n << BigInt(length)) - 1n));
  if (field(0, 3) !== 0) throw new PairingCodeError('this QR code is of a later format than Matter 1.x');
  const flowType = field(35, 2);
  if (flowType === 3) throw new PairingCodeError('the QR code names an unknown commissioning flow');
  return {
    vendorId: field(3, 16),
    productId: field(19, 16),
    flowType,
    longDiscriminator: field(45, 12),
    passcode: field(57, 27),
  };
}

/** Parses a manual pairing code or an `MT:` QR payload; throws PairingCodeError in plain words. */
export function parsePairingCode(input: string): PairingCode {
  if (typeof input !== 'string') throw new PairingCodeError('a pairing code is a string');
  const text = input.trim();
  if (text.length > 512) throw new PairingCodeError('a pairing code is at most 512 characters');
  const code = /^MT:/i.test(text) ? parseQr(text.toUpperCase()) : parseManual(text);
  if (!isValidPasscode(code.passcode))
    throw new PairingCodeError('the pairing code holds a passcode Matter does not allow');
  return code;
}
