// Error messages for people: validator reasons that say what is allowed (no schema jargon, one
// reason per input), and wrong-token answers that name the token a route needs and the one sent.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { appToken } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { v1Token } from '../helpers/v1.ts';

let t: TestApp;
let a: Tenant;
let lockId: string;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t);
  lockId = (
    await t.call('POST', `/v2/projects/${a.projectId}/locks`, { token: a.projectToken, body: { name: 'x' } })
  ).body.lock.id;
});
after(() => t.close());

const keys = async (items: unknown[]) => {
  const r = await t.call('POST', `/v2/projects/${a.projectId}/keys`, {
    token: a.projectToken,
    body: { keys: items },
  });
  assert.equal(r.status, 400);
  return Object.fromEntries(
    r.body.invalidParams.map((p: { name: string; reason: string }) => [p.name, p.reason]),
  );
};

describe('validation reasons', () => {
  it('say what is allowed, once per input, without schema jargon', async () => {
    const reasons = await keys([
      {
        lockId,
        appUserId: '4799887766',
        recurrence: { windows: [{ days: ['monday'], from: '8:00', to: '17:00' }] },
      },
      { lockId, appUserId: '+4799887766', recurrence: 5, start: 'tomorrow' },
      { lockId: 'nope', appUserId: '+4799887766', metadata: { unit: 5 } },
    ]);
    assert.deepEqual(reasons, {
      'keys.0.appUserId': 'must be a phone number in E.164 form such as +4799887766 (a + and 7 to 15 digits)',
      'keys.0.recurrence.windows.0.days.0': 'must be one of sun, mon, tue, wed, thu, fri, sat',
      'keys.0.recurrence.windows.0.from': 'must be a time of day as HH:MM, 00:00 to 23:59, such as 08:00',
      'keys.1.recurrence': 'must be an object or null',
      'keys.1.start': 'must be a date-time with a time zone (ISO 8601) such as 2026-11-21T10:15:30.123Z',
      'keys.2.lockId': 'must be a UUID such as 0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b',
      'keys.2.metadata.unit': 'must be a string',
    });
    for (const reason of Object.values(reasons))
      assert.doesNotMatch(String(reason), /constant|must match|anyOf|must be null|\^/);
  });

  it('on a literal union, numbers and query patterns', async () => {
    const r = await t.call('POST', `/v2/projects/${a.projectId}/keys`, {
      token: a.projectToken,
      body: { keys: [{ lockId, appUserId: '+4799887766', durationMinutes: 0 }] },
    });
    assert.deepEqual(r.body.invalidParams, [
      { name: 'keys.0.durationMinutes', reason: 'must be at least 1' },
    ]);
    const keyId = '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b';
    const sim = await t.call('POST', `/v2/projects/${a.projectId}/keys/${keyId}/simulate`, {
      token: a.projectToken,
      body: { action: 'opened' },
    });
    assert.deepEqual(sim.body.invalidParams, [{ name: 'action', reason: 'must be one of locked, unlocked' }]);
    const q = await t.call('GET', `/v2/projects/${a.projectId}/keys?limit=5000&excludeStates=gone`, {
      token: a.projectToken,
    });
    assert.deepEqual(q.body.invalidParams, [
      { name: 'limit', reason: 'must be at most 1000' },
      {
        name: 'excludeStates',
        reason:
          'must be a comma-separated list of key states (scheduled, active, expired, revoked) such as revoked,expired',
      },
    ]);
  });
});

describe('wrong token kinds', () => {
  const detail = async (url: string, token: string) => {
    const r = await t.call('GET', url, { token });
    assert.equal(r.status, 403, JSON.stringify(r.body));
    return r.body.detail as string;
  };

  it('name the token the route needs and the one the request brought', async () => {
    const project = `/v2/projects/${a.projectId}/locks`;
    const v1 = await v1Token(t, { clientId: a.clientId, clientSecret: a.clientSecret });
    assert.match(await detail(project, v1), /needs a v2 project token.*brought an auth API v1 token/);
    assert.match(
      await detail(project, a.orgToken),
      /needs a v2 project token.*brought an organization token/,
    );
    const app = await appToken(t, '+4799887766');
    assert.match(await detail(project, app), /needs a v2 project token.*brought an app token/);
    assert.match(
      await detail(`/v2/organization/${a.organizationId}`, a.projectToken),
      /needs an organization token.*brought a project token/,
    );
    assert.match(await detail('/v2/app/keys', a.projectToken), /needs an app token.*brought a project token/);
    assert.match(await detail('/v2/app/keys', v1), /needs an app token.*brought an auth API v1 token/);
  });
});
