// JSON bodies nesting objects and arrays more than 64 levels deep are refused with 400 before they
// are parsed, on every route that takes JSON: resource routes (problem+json), the token endpoints
// (OAuth's invalid_request), the app's login and its event upload. Bodies of 64 levels are parsed
// as before. "Before they are parsed" is checked by watching JSON.parse during the request, not by
// timing it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JSON_MAX_DEPTH, jsonDeeperThan } from '../../src/http/json-body.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;
let appToken: string;
before(async () => {
  t = await startTestApp();
  a = await createTenant(t);
  const minted = await t.call('POST', '/admin/v1/app-tokens', {
    token: ADMIN_TOKEN,
    body: { appUserId: '+4791234567' },
  });
  appToken = minted.body.access_token;
});
after(() => t.close());

/** The review's body: 500,000 nested arrays, about 1 MB. */
const DEEP = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;

const nested = (levels: number, inner = '1') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;

/** Sends a request and counts the JSON.parse calls it caused on text longer than `minLength`. */
async function sendWatchingParse(
  o: { url: string; payload: string; headers?: Record<string, string> },
  minLength: number,
) {
  const original = JSON.parse;
  let parsed = 0;
  JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    if (typeof text === 'string' && text.length > minLength) parsed++;
    return original.call(JSON, text, reviver);
  }) as typeof JSON.parse;
  try {
    const r = await t.inject({
      method: 'POST',
      url: o.url,
      headers: { 'content-type': 'application/json', ...o.headers },
      payload: o.payload,
    });
    return { r, parsed };
  } finally {
    JSON.parse = original;
  }
}

describe('the nesting check', () => {
  it('counts levels of objects and arrays, not brackets inside strings', () => {
    assert.equal(jsonDeeperThan(nested(JSON_MAX_DEPTH), JSON_MAX_DEPTH), false);
    assert.equal(jsonDeeperThan(nested(JSON_MAX_DEPTH + 1), JSON_MAX_DEPTH), true);
    assert.equal(jsonDeeperThan(`{"a":${nested(63)}}`, 64), false);
    assert.equal(jsonDeeperThan(`{"a":${nested(64)}}`, 64), true);
    // Siblings do not add up: a long flat array of arrays is two levels.
    assert.equal(jsonDeeperThan(`[${Array(1000).fill('[]').join(',')}]`, 2), false);
    // Brackets in strings, escaped quotes, and escaped backslashes before a closing quote.
    assert.equal(jsonDeeperThan(JSON.stringify({ s: '['.repeat(1000) }), 1), false);
    assert.equal(jsonDeeperThan(JSON.stringify({ s: `"${'{'.repeat(100)}` }), 1), false);
    assert.equal(jsonDeeperThan(JSON.stringify({ s: '\\', t: '[[[' }), 1), false);
    assert.equal(jsonDeeperThan(`${JSON.stringify({ s: '\\"' })}`, 1), false);
    assert.equal(jsonDeeperThan(`["\\\\",${nested(3)}]`, 3), true);
    // Unterminated strings and stray closers are left to JSON.parse.
    assert.equal(jsonDeeperThan('{"a":"[[[[', 1), false);
    assert.equal(jsonDeeperThan(']]]]', 1), false);
  });
});

describe('a body nested more than 64 levels deep', () => {
  it('is refused on a resource route with 400 problem+json, before JSON.parse sees it', async () => {
    const { r, parsed } = await sendWatchingParse(
      {
        url: `/v2/organization/${a.organizationId}/projects`,
        headers: { authorization: `Bearer ${a.orgToken}` },
        payload: DEEP,
      },
      100_000,
    );
    assert.equal(r.statusCode, 400);
    assert.match(String(r.headers['content-type']), /^application\/problem\+json/);
    const body = r.json();
    assert.equal(body.type, 'urn:latchkey:problem:validation-error');
    assert.match(body.detail, /more than 64 levels deep/);
    assert.equal(parsed, 0, 'JSON.parse ran on the body');
  });

  it('is refused on the token endpoints without credentials, in OAuth format', async () => {
    for (const url of [
      '/v2/auth/token/',
      '/oauth2/token',
      '/auth/v1/token',
      '/v2/auth/resources-discovery/',
    ]) {
      const { r, parsed } = await sendWatchingParse({ url, payload: DEEP }, 100_000);
      assert.equal(r.statusCode, 400, url);
      const body = r.json();
      assert.equal(body.error, 'invalid_request', url);
      assert.match(body.error_description, /more than 64 levels deep/, url);
      assert.equal(parsed, 0, `JSON.parse ran on the body of ${url}`);
    }
  });

  it("is refused on the app's login (no credential) and on its event upload", async () => {
    for (const [url, headers] of [
      ['/v2/app/auth/otp', {}],
      ['/v2/app/auth/token', {}],
      ['/v2/app/auth/refresh', {}],
      ['/v2/app/events', { authorization: `Bearer ${appToken}` }],
    ] as const) {
      const { r, parsed } = await sendWatchingParse({ url, payload: DEEP, headers }, 100_000);
      assert.equal(r.statusCode, 400, url);
      assert.match(r.json().detail, /more than 64 levels deep/, url);
      assert.equal(parsed, 0, `JSON.parse ran on the body of ${url}`);
    }
  });

  it('a deep value inside an otherwise valid body is refused the same way (65 levels)', async () => {
    const r = await t.call('POST', `/v2/organization/${a.organizationId}/projects`, {
      token: a.orgToken,
      body: `{"name":"Deep","timezone":"Europe/Oslo","extra":${nested(64)}}`,
    });
    assert.equal(r.status, 400);
    assert.match(r.body.detail, /more than 64 levels deep/);
  });
});

describe('bodies of 64 levels or less', () => {
  it('are parsed and judged by the schema as before', async () => {
    // 64 levels (the object and 63 arrays): parsed, then refused by validation for the unknown field.
    const r = await t.call('POST', `/v2/organization/${a.organizationId}/projects`, {
      token: a.orgToken,
      body: `{"name":"Deep","timezone":"Europe/Oslo","extra":${nested(63)}}`,
    });
    assert.equal(r.status, 400);
    assert.doesNotMatch(r.body.detail, /levels deep/);
    assert.deepEqual(
      r.body.invalidParams.map((p: { name: string }) => p.name),
      ['extra'],
    );
    const token = await t.call('POST', '/v2/auth/token/', {
      body: `{"grant_type":"client_credentials","client_id":${nested(63, '"x"')}}`,
    });
    assert.ok([400, 401].includes(token.status), String(token.status));
    assert.doesNotMatch(token.body.error_description, /levels deep/);
  });

  it('brackets and escaped quotes inside strings do not count', async () => {
    const name = `\\"${'['.repeat(140)}${'{'.repeat(50)}`;
    const r = await t.call('POST', `/v2/organization/${a.organizationId}/projects`, {
      token: a.orgToken,
      body: JSON.stringify({ name, timezone: 'Europe/Oslo' }),
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.project.name, name);
  });
});
