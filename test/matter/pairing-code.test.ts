// test-runner: store-independent
// Our pairing-code parser (which must not load matter.js) against matter.js's own encoders, and
// the malformed codes it must refuse in plain words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PairingCodeError, parsePairingCode, verhoeffDigit } from '../../src/matter/pairing-code.ts';

// Loading matter.js here starts nothing on the network: only a node does, and none is made.
const { ManualPairingCodeCodec, QrPairingCodeCodec, VendorId } = await import('@matter/main/types');

test('manual codes as matter.js encodes them: short discriminator and passcode, with and without vendor/product', () => {
  const cases = [
    { discriminator: 3840, passcode: 20202021 },
    { discriminator: 0, passcode: 1 },
    { discriminator: 4095, passcode: 99999998 },
    { discriminator: 1234, passcode: 20202022, vendorId: 0xfff1, productId: 0x8001 },
  ];
  for (let i = 0; i < 200; i++)
    cases.push({ discriminator: (i * 2654435761) % 4096, passcode: 1 + ((i * 40503 * 7919) % 99999997) });
  for (const c of cases) {
    if (
      [
        11111111, 22222222, 33333333, 44444444, 55555555, 66666666, 77777777, 88888888, 12345678, 87654321,
      ].includes(c.passcode)
    )
      continue;
    const code = ManualPairingCodeCodec.encode({
      discriminator: c.discriminator,
      passcode: c.passcode,
      ...('vendorId' in c ? { vendorId: VendorId(c.vendorId as number), productId: c.productId } : {}),
    });
    const parsed = parsePairingCode(code);
    assert.equal(parsed.passcode, c.passcode, code);
    assert.equal(parsed.shortDiscriminator, c.discriminator >> 8, code);
    assert.equal(parsed.longDiscriminator, undefined);
    if ('vendorId' in c) assert.deepEqual([parsed.vendorId, parsed.productId], [c.vendorId, c.productId]);
    // Printed with dashes, or spaces: the same code.
    const dashed = `${code.slice(0, 4)}-${code.slice(4, 7)}-${code.slice(7)}`;
    assert.deepEqual(parsePairingCode(dashed), parsed);
    assert.deepEqual(parsePairingCode(` ${code.slice(0, 5)} ${code.slice(5)} `), parsed);
  }
});

test('QR payloads as matter.js encodes them: long discriminator, passcode, vendor, product, flow', () => {
  for (let i = 0; i < 100; i++) {
    const data = {
      version: 0,
      vendorId: VendorId((i * 7919) % 0xffff),
      productId: (i * 104729) % 0xffff,
      flowType: i % 3,
      discoveryCapabilities: 4,
      discriminator: (i * 37) % 4096,
      passcode: 20202021 + i,
    };
    const qr = QrPairingCodeCodec.encode([data]);
    assert.deepEqual(parsePairingCode(qr), {
      vendorId: data.vendorId,
      productId: data.productId,
      flowType: data.flowType,
      longDiscriminator: data.discriminator,
      passcode: data.passcode,
    });
  }
});

test('malformed codes are refused in plain words', () => {
  const good = ManualPairingCodeCodec.encode({ discriminator: 3840, passcode: 20202021 });
  const typo = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10);
  const bad: [string, RegExp][] = [
    ['', /11 or 21 digits/],
    ['1234', /11 or 21 digits, not 4/],
    [typo, /check digit/],
    [`${good.slice(0, 3)}x${good.slice(4)}`, /11 or 21 digits/],
    ['MT:', /too short|wrong length/],
    ['MT:ABC!E', /cannot hold/],
    ['MT:Y.K9042C00KA0648G00*Y.K9042C00KA0648G00', /several devices/],
    ['x'.repeat(600), /at most 512/],
  ];
  for (const [code, why] of bad)
    assert.throws(
      () => parsePairingCode(code),
      (e: Error) => e instanceof PairingCodeError && why.test(e.message),
      code,
    );
  // A well-formed code holding a passcode Matter forbids (matter.js will not encode one).
  const manual = (discriminator: number, passcode: number) => {
    const digits =
      String(discriminator >> 10) +
      String(((discriminator & 0x300) << 6) | (passcode & 0x3fff)).padStart(5, '0') +
      String(passcode >> 14).padStart(4, '0');
    return digits + verhoeffDigit(digits);
  };
  assert.equal(manual(3840, 20202021), good);
  assert.throws(() => parsePairingCode(manual(3840, 11111111)), /passcode Matter does not allow/);
  // 8 or 9 first: a later format.
  const later = `8${good.slice(1, -1)}`;
  assert.throws(() => parsePairingCode(later + verhoeffDigit(later)), /later format/);
});
