// Keys with PIN codes: asked for (`pin: true` or the digits), only on a lock that takes PINs, unique
// among a lock's live PINs (409), sealed at rest, never logged, shown with their code to
// project.admin and to the key's app user.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generatePin, isTrivialPin } from '../../src/resources/keys/pin.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { setLockTakesPins } from '../helpers/lock-pins.ts';
import { appToken, createLock, rowCounts as tableCounts } from '../helpers/resources.ts';

const rowCounts = async (t: TestApp) => {
  const { rows } = await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM key_pins');
  return { ...(await tableCounts(t)), key_pins: rows[0]!.n };
};

let t: TestApp;
let a: Tenant;
let b: Tenant;
let door: string;
let gate: string;
let plain: string;
let otherTenantDoor: string;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'A');
  b = await createTenant(t, 'B');
  door = (await createLock(t, a, { name: 'Front door' })).id;
  gate = (await createLock(t, a, { name: 'Gate' })).id;
  plain = (await createLock(t, a, { name: 'No keypad' })).id;
  otherTenantDoor = (await createLock(t, b)).id;
  for (const id of [door, gate, otherTenantDoor]) await setLockTakesPins(t, id);
});
after(() => t.close());

const post = (keys: unknown, tenant = a) =>
  t.call('POST', `/v2/projects/${tenant.projectId}/keys`, { token: tenant.projectToken, body: { keys } });
const user = '+4791000001';

describe('PIN codes on keys', () => {
  it('pin: true generates LATCHKEY_PIN_LENGTH (6) digits that are not trivial; the key shows it, pending', async () => {
    const r = await post([{ lockId: door, appUserId: user, pin: true }]);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const pin = r.body.keys[0].pin;
    assert.equal(pin.status, 'pending');
    assert.match(pin.code, /^\d{6}$/);
    assert.equal(isTrivialPin(pin.code), false);
    assert.equal(pin.error, undefined);
  });

  it('a key without a PIN shows no pin field; pin: false is the same', async () => {
    const r = await post([
      { lockId: door, appUserId: user },
      { lockId: plain, appUserId: user, pin: false },
    ]);
    assert.equal(r.status, 201);
    for (const k of r.body.keys) assert.equal('pin' in k, false);
  });

  it('a lock that takes no PINs is 400 naming keys.<i>.pin, and the whole batch is refused', async () => {
    const before = await rowCounts(t);
    const r = await post([
      { lockId: door, appUserId: user, pin: true },
      { lockId: plain, appUserId: user, pin: true },
      { lockId: plain, appUserId: user, pin: '4821' },
    ]);
    assert.equal(r.status, 400);
    assert.deepEqual(
      r.body.invalidParams.map((p: { name: string }) => p.name),
      ['keys.1.pin', 'keys.2.pin'],
    );
    assert.match(r.body.invalidParams[0].reason, /takes no PIN codes/);
    assert.deepEqual(await rowCounts(t), before);
  });

  it('a malformed PIN is 400: 4 to 8 digits', async () => {
    for (const pin of ['123', '123456789', '12a4', 1234, null]) {
      const r = await post([{ lockId: door, appUserId: user, pin }]);
      assert.equal(r.status, 400, String(pin));
      assert.equal(r.body.invalidParams[0].name, 'keys.0.pin', JSON.stringify(r.body));
    }
  });

  it('the same PIN live twice on one lock is 409 naming the item; nothing is created', async () => {
    const first = await post([{ lockId: door, appUserId: user, pin: '482913' }]);
    assert.equal(first.status, 201);
    assert.equal(first.body.keys[0].pin.code, '482913');
    const before = await rowCounts(t);
    const again = await post([
      { lockId: gate, appUserId: user, pin: '482913' }, // another lock: fine
      { lockId: door, appUserId: user, pin: '482913' },
    ]);
    assert.equal(again.status, 409, JSON.stringify(again.body));
    assert.equal(again.body.type, 'urn:latchkey:problem:conflict');
    assert.deepEqual(
      again.body.invalidParams.map((p: { name: string }) => p.name),
      ['keys.1.pin'],
    );
    assert.match(again.body.invalidParams[0].reason, new RegExp(first.body.keys[0].id));
    // Twice in one batch.
    const twice = await post([
      { lockId: gate, appUserId: user, pin: '771903' },
      { lockId: gate, appUserId: user, pin: '771903' },
    ]);
    assert.equal(twice.status, 409);
    assert.equal(twice.body.invalidParams[0].name, 'keys.1.pin');
    assert.deepEqual(await rowCounts(t), before);
    // Another tenant's lock has its own PINs.
    assert.equal((await post([{ lockId: otherTenantDoor, appUserId: user, pin: '482913' }], b)).status, 201);
  });

  it('two batches racing for one PIN on one lock: one wins, the other is 409', async () => {
    for (let round = 0; round < 3; round++) {
      const pin = `61${round}427`;
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => post([{ lockId: gate, appUserId: user, pin }])),
      );
      assert.deepEqual(answers.map((r) => r.status).sort(), [201, 409, 409, 409], pin);
    }
  });

  it('a revoked or expired key frees its PIN', async () => {
    const k = await post([{ lockId: gate, appUserId: user, pin: '305117' }]);
    assert.equal((await post([{ lockId: gate, appUserId: user, pin: '305117' }])).status, 409);
    const revoked = await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${k.body.keys[0].id}`, {
      token: a.projectToken,
    });
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.key.pin.code, '305117');
    assert.equal((await post([{ lockId: gate, appUserId: user, pin: '305117' }])).status, 201);
    const past = await post([
      {
        lockId: gate,
        appUserId: user,
        pin: '640052',
        start: '2020-01-01T00:00:00Z',
        end: '2020-01-02T00:00:00Z',
      },
    ]);
    assert.equal(past.status, 201);
    assert.equal((await post([{ lockId: gate, appUserId: user, pin: '640052' }])).status, 201);
  });

  it('project.admin sees the code on get and list; the app user sees it on GET /v2/app/keys', async () => {
    const phone = '+4791000002';
    const r = await post([{ lockId: door, appUserId: phone, pin: '90210' }]);
    const id = r.body.keys[0].id;
    const got = await t.call('GET', `/v2/projects/${a.projectId}/keys/${id}`, { token: a.projectToken });
    assert.deepEqual(got.body.key.pin, { code: '90210', status: 'pending' });
    const listed = await t.call('GET', `/v2/projects/${a.projectId}/keys?appUserId=%2B4791000002`, {
      token: a.projectToken,
    });
    assert.deepEqual(listed.body.keys[0].pin, { code: '90210', status: 'pending' });
    const app = await t.call('GET', '/v2/app/keys', { token: await appToken(t, phone) });
    assert.equal(app.status, 200);
    assert.deepEqual(app.body.keys[0].pin, { code: '90210', status: 'pending' });
    const stranger = await t.call('GET', '/v2/app/keys', { token: await appToken(t, '+4791000003') });
    assert.deepEqual(stranger.body.keys, []);
  });

  it('at rest the code is sealed, and no log line carries it', async () => {
    await post([{ lockId: gate, appUserId: user, pin: '58213907' }]);
    const { rows } = await t.ctx.db.query<{ code: string }>('SELECT code FROM key_pins');
    assert.ok(rows.length > 5);
    for (const r of rows) assert.match(r.code, /^v1\./);
    assert.equal(rows.filter((r) => r.code.includes('58213907')).length, 0);
    assert.equal(t.logs.filter((l) => l.includes('58213907')).length, 0);
    // A sealed code moved to another key's row does not open there.
    const { rows: two } = await t.ctx.db.query<{ key_id: string; code: string }>(
      'SELECT key_id, code FROM key_pins LIMIT 2',
    );
    assert.throws(() => t.ctx.keyring.decrypt(two[0]!.code, `key-pin\0${two[1]!.key_id}`));
  });
});

describe('generated PINs', () => {
  it('trivial codes are recognised', () => {
    for (const c of ['000000', '1111', '123456', '654321', '901234', '121212', '123123', '12341234'])
      assert.equal(isTrivialPin(c), true, c);
    for (const c of ['482913', '1357', '905821', '12345670']) assert.equal(isTrivialPin(c), false, c);
  });

  it('every length from 4 to 8; never a trivial or a taken code', () => {
    for (let len = 4; len <= 8; len++)
      for (let i = 0; i < 200; i++) {
        const c = generatePin(len, (x) => x.startsWith('9'));
        assert.equal(c.length, len);
        assert.ok(!isTrivialPin(c) && !c.startsWith('9'), c);
      }
  });
});
