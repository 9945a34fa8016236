// Every column that holds text sealed under the master key, declared once. The master-key rotation
// (master-key-rotation.ts) walks this table and re-seals each value under the new key, and the start
// check (keyring-open.ts) looks in each column for text this process cannot open. A new encrypted
// column is added here and nowhere else; test/crypto/sealed-columns.test.ts fails on a column in the
// schema whose name says it is sealed (`*_enc`, `sealed`) but that is missing here.
import { stateContext as bridgeStateContext } from '../bridge/queries.ts';
import { sealContext as idempotencySealContext } from '../http/idempotency.ts';
import { issuerKeySealContext } from '../resources/credentials/issuer-keys.ts';
import { pinSealContext } from '../resources/keys/pin-queries.ts';

export interface SealedColumn {
  table: string;
  column: string;
  /** The row's primary key columns (the rotation updates one row at a time by them). */
  key: readonly string[];
  /** The context the text was sealed with (GCM additional data), from the row's key columns. */
  context?: (row: Readonly<Record<string, string>>) => string;
  /** What it holds, in words (for messages and docs). */
  holds: string;
}

/** The context the hashing keys are sealed with (they are not bound to a row: there is one). */
export const HASH_KEYS_CONTEXT = 'hash keys';

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  {
    table: 'hash_keys',
    column: 'sealed',
    key: ['id'],
    context: () => HASH_KEYS_CONTEXT,
    holds: 'the hashing keys (client-secret pepper, request fingerprints)',
  },
  { table: 'signing_keys', column: 'private_key_enc', key: ['kid'], holds: 'token signing keys' },
  { table: 'webhooks', column: 'secret_enc', key: ['id'], holds: 'webhook signing secrets' },
  {
    table: 'webhooks',
    column: 'previous_secret_enc',
    key: ['id'],
    holds: 'webhook secrets kept for 24 h after a rotation',
  },
  { table: 'webhooks', column: 'credentials_enc', key: ['id'], holds: 'webhook URL credentials' },
  {
    table: 'credential_issuer_keys',
    column: 'private_key_enc',
    key: ['project_id', 'kid'],
    context: (r) => issuerKeySealContext(r.project_id!),
    holds: "the projects' offline-credential issuer keys",
  },
  { table: 'app_login_codes', column: 'code_enc', key: ['app_user_id'], holds: 'live app login codes' },
  {
    table: 'idempotency_keys',
    column: 'body',
    key: ['owner', 'key'],
    context: (r) => idempotencySealContext(r.owner!, r.key!),
    holds: 'kept Idempotency-Key answers',
  },
  {
    table: 'key_pins',
    column: 'code',
    key: ['key_id'],
    context: (r) => pinSealContext(r.key_id!),
    holds: "the keys' PIN codes",
  },
  {
    table: 'bridges',
    column: 'controller_state_enc',
    key: ['id'],
    context: (r) => bridgeStateContext(r.id!),
    holds: "the bridges' Matter controller state (fabric credentials, the locks' node ids)",
  },
];

/** `"table"."column"`-safe: every name above is a plain lower-case identifier. */
export const sealedColumnName = (c: SealedColumn) => `${c.table}.${c.column}`;
