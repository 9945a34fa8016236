// Revocation without a network: a key in the lock's stored list; a newer list carried by another
// user's credential (adopted, then the revoked credential is refused although unexpired); no
// rollback to an older list; a list adopted even when its own presentation is refused; a list of
// another lock ignored; `before`, which revokes every credential issued before it.
import type { RevocationList } from '../../verifier/typescript/src/lock-state.ts';
import { mint, OTHER_LOCK_ID, PHONE_A, PHONE_B, PHONE_C, uuidFor } from './fixtures.ts';
import { seconds, step, type Vector } from './vector.ts';

const KEY_A = uuidFor('key: A');
const KEY_B = uuidFor('key: B');
const KEY_C = uuidFor('key: C');
const STORED = uuidFor('key: revoked before provisioning');

export async function revocationVectors(): Promise<Vector[]> {
  const at = new Date('2026-12-02T08:00:00Z');
  const later = new Date('2026-12-02T09:00:00Z');
  const now = seconds('2026-12-02T10:00:00Z');
  const stored: RevocationList = { v: 3, keys: [STORED] };
  const newer: RevocationList = { v: 4, keys: [STORED, KEY_A] };
  const a = await mint({ key: { id: KEY_A }, at, revocation: stored });
  const bNewer = await mint({ key: { id: KEY_B }, at: later, phone: PHONE_B, revocation: newer });
  const cOlder = await mint({ key: { id: KEY_C }, at: later, phone: PHONE_C, revocation: stored });
  const seq = async (
    name: string,
    description: string,
    steps: Omit<Parameters<typeof step>[0], 'label' | 'now'>[],
  ): Promise<Vector> => ({
    name,
    description,
    lock: 'oslo',
    steps: await Promise.all(steps.map((s, i) => step({ label: `${name}#${i}`, now, ...s }))),
  });
  const cutoff = seconds('2026-12-02T08:30:00Z');
  const withBefore: RevocationList = { v: 5, keys: [], before: cutoff };
  return Promise.all([
    seq(
      'revoked-in-stored-list',
      "a credential of a key in the lock's stored list (it carries an older list)",
      [
        {
          credential: await mint({ key: { id: STORED }, at, revocation: { v: 2, keys: [] } }),
          expect: 'revoked',
        },
      ],
    ),
    seq(
      'revoked-by-newer-list',
      "A opens; B's newer credential carries A's revocation; A's unexpired credential is then refused",
      [
        { credential: a, expect: 'accepted' },
        { credential: bNewer, phone: PHONE_B, expect: 'accepted', revocation: newer },
        { credential: a, expect: 'revoked' },
      ],
    ),
    seq('revocation-no-rollback', 'a credential carrying an older list does not roll the newest back', [
      { credential: bNewer, phone: PHONE_B, expect: 'accepted', revocation: newer },
      { credential: cOlder, phone: PHONE_C, expect: 'accepted' },
      { credential: a, expect: 'revoked' },
    ]),
    seq(
      'revocation-adopted-when-refused',
      "B's credential is outside its window, yet the newer list it carries is kept",
      [
        {
          credential: await mint({
            key: { id: KEY_B, windows: [{ days: ['sat'], from: '08:00', to: '09:00' }] },
            at: later,
            phone: PHONE_B,
            revocation: newer,
          }),
          phone: PHONE_B,
          expect: 'outside_window',
          revocation: newer,
        },
        { credential: a, expect: 'revoked' },
      ],
    ),
    seq('revocation-of-other-lock-ignored', "a list carried by another lock's credential is not taken", [
      {
        credential: await mint({
          key: { id: KEY_B },
          at: later,
          phone: PHONE_B,
          lockId: OTHER_LOCK_ID,
          revocation: { v: 9, keys: [KEY_A] },
        }),
        phone: PHONE_B,
        expect: 'wrong_lock',
      },
      { credential: a, expect: 'accepted' },
    ]),
    seq(
      'revoked-by-before',
      "a list with `before`: A's credential issued earlier is refused, a fresh one opens",
      [
        {
          credential: await mint({ key: { id: KEY_B }, at: later, phone: PHONE_B, revocation: withBefore }),
          phone: PHONE_B,
          expect: 'accepted',
          revocation: withBefore,
        },
        { credential: a, expect: 'revoked' },
        {
          credential: await mint({ key: { id: KEY_A }, at: later, revocation: withBefore }),
          expect: 'accepted',
        },
      ],
    ),
    seq('revoked-in-own-list', 'a credential whose own list names its key (adopted, and refused)', [
      {
        credential: await mint({ key: { id: KEY_A }, at, revocation: newer, phone: PHONE_A }),
        expect: 'revoked',
        revocation: newer,
      },
    ]),
  ]);
}
