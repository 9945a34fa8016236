// A phone's side for the offline-credential tests, through the public app API: a device key pair
// held in WebCrypto (non-extractable private key, as a phone keystore would hold it), registered
// with POST /v2/app/devices, and credentials fetched with GET /v2/app/keys/{keyId}/credential.
import assert from 'node:assert/strict';
import type { TestApp } from './app.ts';

export interface TestDevice {
  id: string;
  thumbprint: string;
  keys: CryptoKeyPair;
  jwk: { kty: string; crv: string; x: string; y: string };
}

export async function newDeviceKeys(): Promise<{ keys: CryptoKeyPair; jwk: TestDevice['jwk'] }> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ]);
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', keys.publicKey);
  return { keys, jwk: { kty: kty!, crv: crv!, x: x!, y: y! } };
}

export async function registerDevice(t: TestApp, token: string, name?: string): Promise<TestDevice> {
  const { keys, jwk } = await newDeviceKeys();
  const r = await t.call('POST', '/v2/app/devices', {
    token,
    body: { publicKey: jwk, ...(name ? { name } : {}) },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return { id: r.body.device.id, thumbprint: r.body.device.thumbprint, keys, jwk };
}

export async function fetchCredential(t: TestApp, token: string, keyId: string, deviceId: string) {
  return t.call('GET', `/v2/app/keys/${keyId}/credential?deviceId=${deviceId}`, { token });
}

export const decodePart = (credential: string, i: 0 | 1) =>
  JSON.parse(Buffer.from(credential.split('.')[i]!, 'base64url').toString('utf8'));
