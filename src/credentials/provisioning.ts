// The provisioning bundle: everything a lock needs to check credentials offline, given once by an
// installer (`GET /v2/projects/{projectId}/locks/{lockId}/provisioning`). It is a trust anchor:
// the lock believes the issuer keys it holds, so it must reach the lock over a channel the
// installer trusts (the lock maker's commissioning), never from a phone presenting a credential.
import type {
  IssuerKey,
  ProvisioningBundle,
  RevocationList,
} from '../../verifier/typescript/src/lock-state.ts';
import { utcOffsetTable } from './utc-offsets.ts';

export type { ProvisioningBundle };

export function provisioningBundle(input: {
  lockId: string;
  /** The lock's IANA time zone. */
  timezone: string;
  /** The service's public URL (the credentials' iss). */
  issuer: string;
  /** The project's issuer key set: every public key a credential for this lock may be signed with. */
  keys: IssuerKey[];
  revocation: RevocationList;
  now: Date;
}): ProvisioningBundle {
  return {
    lockId: input.lockId,
    timezone: input.timezone,
    issuer: input.issuer,
    keys: input.keys,
    revocation: input.revocation,
    utcOffsets: utcOffsetTable(input.timezone, input.now),
  };
}
