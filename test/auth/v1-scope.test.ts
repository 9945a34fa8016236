// test-runner: store-independent
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  claimKind,
  identifierClaim,
  parseV1Scope,
  V1_SCOPE_MAX_CHARS,
  V1_SCOPE_MAX_CLAIMS,
} from '../../src/auth/v1-scope.ts';

const ID = '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b';
const ID_UPPER = ID.toUpperCase();
const IDENT = 'lockHolder.identifier:NO.919424508.';

type Expect = { claims: string[]; requested?: boolean } | 'invalid_request' | 'invalid_scope';

const table: [string, unknown, Expect][] = [
  // absent and empty: nothing requested
  ['undefined', undefined, { claims: [], requested: false }],
  ['null', null, { claims: [], requested: false }],
  ['empty string', '', { claims: [], requested: false }],
  ['blanks only', ' \t\n ', { claims: [], requested: false }],
  ['empty array', [], { claims: [], requested: false }],
  ['array of empty strings', ['', ' '], { claims: [], requested: false }],
  // the three kinds
  ['integrator.admin', 'integrator.admin', { claims: ['integrator.admin'] }],
  ['lockHolder.admin', `lockHolder.admin:${ID}`, { claims: [`lockHolder.admin:${ID}`] }],
  ['admin id is lowercased', `lockHolder.admin:${ID_UPPER}`, { claims: [`lockHolder.admin:${ID}`] }],
  ['identifier with empty suffix', IDENT, { claims: [IDENT] }],
  [
    'identifier with suffix',
    'lockHolder.identifier:SE.556677-8899.B2',
    { claims: ['lockHolder.identifier:SE.556677-8899.B2'] },
  ],
  // separators
  [
    'whitespace runs, tabs and newlines',
    `  integrator.admin \t\n  ${IDENT}  `,
    { claims: ['integrator.admin', IDENT] },
  ],
  ['array of claims', ['integrator.admin', IDENT], { claims: ['integrator.admin', IDENT] }],
  [
    'array item holding several claims',
    [`integrator.admin ${IDENT}`, `lockHolder.admin:${ID}`],
    { claims: ['integrator.admin', IDENT, `lockHolder.admin:${ID}`] },
  ],
  ['array with empty items', ['', 'integrator.admin', '  '], { claims: ['integrator.admin'] }],
  [
    'all three kinds',
    `integrator.admin lockHolder.admin:${ID} ${IDENT}`,
    { claims: ['integrator.admin', `lockHolder.admin:${ID}`, IDENT] },
  ],
  // duplicates: invalid_request
  ['same claim twice', 'integrator.admin integrator.admin', 'invalid_request'],
  ['two identifiers', `${IDENT} lockHolder.identifier:SE.1.`, 'invalid_request'],
  ['two admin ids', `lockHolder.admin:${ID} lockHolder.admin:${ID_UPPER}`, 'invalid_request'],
  ['duplicate across array items', [IDENT, `x ${IDENT}`], 'invalid_request'],
  ['duplicate wins over unknown kind', `foo ${IDENT} ${IDENT}`, 'invalid_request'],
  ['duplicate of malformed claims', 'lockHolder.admin:x lockHolder.admin:y', 'invalid_request'],
  // unknown kinds: invalid_scope
  ['v2 scope', 'project.admin', 'invalid_scope'],
  ['organization.admin', 'organization.admin', 'invalid_scope'],
  ['kinds are case-sensitive', 'Integrator.Admin', 'invalid_scope'],
  ['lower-case lockholder kind', `lockholder.admin:${ID}`, 'invalid_scope'],
  ['kind with extra text', 'lockHolder.identifierX:NO.1.', 'invalid_scope'],
  ['unknown beside known', `integrator.admin openid`, 'invalid_scope'],
  ['unicode kind', 'intégrator.admin', 'invalid_scope'],
  ['non-breaking space is not a separator', 'integrator.admin\u00a0openid', 'invalid_scope'],
  // malformed values: invalid_scope
  ['integrator.admin with a value', 'integrator.admin:x', 'invalid_scope'],
  ['admin without id', 'lockHolder.admin', 'invalid_scope'],
  ['admin with empty id', 'lockHolder.admin:', 'invalid_scope'],
  ['admin with non-uuid', 'lockHolder.admin:123', 'invalid_scope'],
  ['identifier without suffix dot', 'lockHolder.identifier:NO.919424508', 'invalid_scope'],
  ['identifier with extra part', 'lockHolder.identifier:NO.919424508.A.B', 'invalid_scope'],
  ['identifier lower-case country', 'lockHolder.identifier:no.919424508.', 'invalid_scope'],
  ['identifier three-letter country', 'lockHolder.identifier:NOR.919424508.', 'invalid_scope'],
  ['identifier empty org number', 'lockHolder.identifier:NO..', 'invalid_scope'],
  ['identifier unicode digits', 'lockHolder.identifier:NO.٩١٩.', 'invalid_scope'],
  ['identifier with quote', 'lockHolder.identifier:NO.91"9.', 'invalid_scope'],
  ['identifier org number too long', `lockHolder.identifier:NO.${'1'.repeat(41)}.`, 'invalid_scope'],
  ['identifier without colon', 'lockHolder.identifier', 'invalid_scope'],
  // shapes and caps: invalid_request
  ['number', 42, 'invalid_request'],
  ['boolean', true, 'invalid_request'],
  ['object', { scope: 'integrator.admin' }, 'invalid_request'],
  ['array with a number', ['integrator.admin', 7], 'invalid_request'],
  ['array with null', [null], 'invalid_request'],
  ['nested array', [['integrator.admin']], 'invalid_request'],
  ['too long string', `integrator.admin ${' '.repeat(V1_SCOPE_MAX_CHARS)}`, 'invalid_request'],
  ['too long array', ['integrator.admin', 'x'.repeat(V1_SCOPE_MAX_CHARS)], 'invalid_request'],
  ['too many array items', Array.from({ length: V1_SCOPE_MAX_CLAIMS + 1 }, () => ''), 'invalid_request'],
  ['too many claims in a string', Array.from({ length: 21 }, (_, i) => `c${i}`).join(' '), 'invalid_request'],
];

describe('parseV1Scope', () => {
  for (const [name, input, expected] of table) {
    it(name, () => {
      const r = parseV1Scope(input);
      if (typeof expected === 'string') {
        assert.equal(r.ok, false, JSON.stringify(r));
        if (!r.ok) {
          assert.equal(r.error, expected, r.description);
          assert.ok(r.description.length > 0 && r.description.length < 400);
        }
      } else {
        assert.equal(r.ok, true, JSON.stringify(r));
        if (r.ok) {
          assert.deepEqual(r.scope.claims, expected.claims);
          assert.equal(r.scope.requested, expected.requested ?? true);
        }
      }
    });
  }

  it('says in the duplicate error that multiple claims of one kind are not allowed', () => {
    const r = parseV1Scope([IDENT, 'lockHolder.identifier:NO.919424508.A']);
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.description, /multiple claims of the same kind are not allowed/i);
  });

  it('extracts the parts of each claim', () => {
    const r = parseV1Scope(`lockHolder.admin:${ID_UPPER} lockHolder.identifier:SE.556677-8899.B2`);
    assert.ok(r.ok);
    assert.equal(r.scope.integratorAdmin, false);
    assert.equal(r.scope.lockHolderId, ID);
    assert.deepEqual(r.scope.identifier, {
      countryIso: 'SE',
      orgNumber: '556677-8899',
      orgNumberSuffix: 'B2',
    });
    assert.equal(identifierClaim(r.scope.identifier!), 'lockHolder.identifier:SE.556677-8899.B2');
  });

  it('never echoes raw control or non-ASCII characters, and bounds the quoted claim', () => {
    const r = parseV1Scope(`\u0007évil${'x'.repeat(500)}`);
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.doesNotMatch(r.description, /[^\x20-\x7E…]/);
      assert.ok(r.description.length < 300);
    }
  });

  it('handles a megabyte of input without trouble', () => {
    const r = parseV1Scope('integrator.admin '.repeat(60_000));
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.error, 'invalid_request');
  });

  it('knows the kind of a claim', () => {
    assert.equal(claimKind('integrator.admin'), 'integrator.admin');
    assert.equal(claimKind(`lockHolder.admin:${ID}`), 'lockHolder.admin');
    assert.equal(claimKind('lockHolder.identifier:bad'), 'lockHolder.identifier');
    assert.equal(claimKind('project.admin'), undefined);
    assert.equal(claimKind(''), undefined);
  });
});
