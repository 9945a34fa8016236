// test-runner: store-independent
// The signing thread: many signatures requested at once, with different keys, come back each
// right for its own input and key (they travel in batches, so an off-by-one would show here).
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { importJWK, jwtVerify } from 'jose';
import { type AccessTokenClaims, signJwt } from '../../src/auth/jwt.ts';
import { jwsSignature, signOnThread } from '../../src/auth/sign-thread.ts';

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey, jwk: publicKey.export({ format: 'jwk' }) };
}

test('concurrent signatures with two keys each verify with their own key (jose)', async () => {
  const keys = [keyPair(), keyPair()];
  const claims = (i: number): AccessTokenClaims => ({
    iss: 'https://issuer.test',
    aud: 'https://issuer.test',
    sub: `client-${i}`,
    iat: 1_800_000_000,
    exp: 1_800_003_600,
    jti: `jti-${i}`,
    scope: 'project.admin',
  });
  const tokens = await Promise.all(
    Array.from({ length: 300 }, (_, i) => signJwt(claims(i), `kid-${i % 2}`, keys[i % 2]!.privateKey)),
  );
  for (const [i, token] of tokens.entries()) {
    const key = await importJWK({ ...keys[i % 2]!.jwk, alg: 'ES256' }, 'ES256');
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      currentDate: new Date(1_800_000_100_000),
    });
    assert.equal(payload.sub, `client-${i}`);
    assert.equal(protectedHeader.kid, `kid-${i % 2}`);
    assert.equal(protectedHeader.typ, 'at+jwt');
  }
});

test('a signature from the thread verifies like one made on the event loop', async () => {
  const { privateKey } = keyPair();
  const input = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0';
  const fromThread = await signOnThread(input, 'k', privateKey);
  assert.match(fromThread, /^[A-Za-z0-9_-]{86}$/); // 64 bytes, IEEE P1363
  assert.equal(jwsSignature(input, privateKey).length, fromThread.length);
});

test('signatures alone, in small groups and in bursts over a batch all come back right', async () => {
  // Alone and in groups smaller than a batch they go at the end of the event-loop turn; a burst
  // while others are owed waits for a full batch or the gathering timer: every path answers. Its
  // own kid: the thread knows a key by its kid.
  const { privateKey, jwk } = keyPair();
  const key = await importJWK({ ...jwk, alg: 'ES256' }, 'ES256');
  const verify = async (input: string, signature: string) => {
    const token = `${input}.${signature}`;
    const { payload } = await jwtVerify(token, key, { currentDate: new Date(1_800_000_100_000) });
    return payload.sub;
  };
  const input = (i: number) => {
    const b = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    return `${b({ alg: 'ES256', kid: 'k-paths' })}.${b({ sub: `s-${i}`, iat: 1_800_000_000, exp: 1_800_003_600 })}`;
  };
  for (let i = 0; i < 5; i++)
    assert.equal(await verify(input(i), await signOnThread(input(i), 'k-paths', privateKey)), `s-${i}`);
  const group = await Promise.all([5, 6, 7].map((i) => signOnThread(input(i), 'k-paths', privateKey)));
  for (const [j, s] of group.entries()) assert.equal(await verify(input(5 + j), s), `s-${5 + j}`);
  const first = Array.from({ length: 10 }, (_, i) => signOnThread(input(100 + i), 'k-paths', privateKey));
  const burst = Array.from({ length: 37 }, (_, i) => signOnThread(input(200 + i), 'k-paths', privateKey));
  for (const [i, s] of (await Promise.all(first)).entries())
    assert.equal(await verify(input(100 + i), s), `s-${100 + i}`);
  for (const [i, s] of (await Promise.all(burst)).entries())
    assert.equal(await verify(input(200 + i), s), `s-${200 + i}`);
});
