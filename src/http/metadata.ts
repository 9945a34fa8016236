// Metadata rules (at most 20 pairs, key ≤ 40, value ≤ 256), shared by locks, managed users and keys. The JSON schema enforces the
// pair count and value length (Ajv names the offending pair: `metadata.unit`), but Ajv reports a
// too-long *key* only against the whole object, so key length is checked here with a precise reason.
import { Type } from '@sinclair/typebox';
import type { InvalidParam } from './errors.ts';
import { badRequest } from './errors.ts';

export const METADATA_MAX_PAIRS = 20;
export const METADATA_MAX_KEY = 40;
export const METADATA_MAX_VALUE = 256;

const description = `At most ${METADATA_MAX_PAIRS} pairs; keys 1–${METADATA_MAX_KEY} characters; values strings of at most ${METADATA_MAX_VALUE} characters.`;

export const MetadataInput = Type.Record(Type.String(), Type.String({ maxLength: METADATA_MAX_VALUE }), {
  maxProperties: METADATA_MAX_PAIRS,
  description,
  examples: [{ unit: '4B' }],
});

/** On update a `null` value deletes the pair. */
export const MetadataPatchInput = Type.Record(
  Type.String(),
  Type.Union([Type.String({ maxLength: METADATA_MAX_VALUE }), Type.Null()]),
  { maxProperties: METADATA_MAX_PAIRS, description: `${description} A null value deletes the pair.` },
);

export const MetadataOutput = Type.Record(Type.String(), Type.String());

/** Problems with metadata keys, named under `path` (e.g. `keys.3.metadata`). */
export function metadataKeyProblems(
  metadata: Record<string, unknown> | undefined,
  path = 'metadata',
): InvalidParam[] {
  if (!metadata) return [];
  const out: InvalidParam[] = [];
  for (const k of Object.keys(metadata)) {
    if (k.length === 0) out.push({ name: path, reason: 'keys must not be empty' });
    else if (k.length > METADATA_MAX_KEY)
      out.push({ name: path, reason: `key "${k}" is longer than ${METADATA_MAX_KEY} characters` });
  }
  return out;
}

export function assertMetadataKeys(metadata: Record<string, unknown> | undefined, path = 'metadata') {
  const problems = metadataKeyProblems(metadata, path);
  if (problems.length) throw badRequest('Invalid metadata', problems);
}

/** Merge a patch into stored metadata (null deletes); the result must still hold ≤ 20 pairs. */
export function metadataMerge(
  current: Record<string, string>,
  patch: Record<string, string | null> | undefined,
  path = 'metadata',
): Record<string, string> {
  if (!patch) return current;
  const merged: Record<string, string> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  if (Object.keys(merged).length > METADATA_MAX_PAIRS)
    throw badRequest('Invalid metadata', [
      { name: path, reason: `would hold more than ${METADATA_MAX_PAIRS} pairs after the merge` },
    ]);
  return merged;
}
