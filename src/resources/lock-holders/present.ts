import type { LockHolderIdentifier } from '../../auth/v1-scope.ts';
import type { ProjectRow } from '../projects/present.ts';

export function presentLockHolder(r: ProjectRow) {
  return {
    id: r.id,
    name: r.name,
    countryIso: r.country_iso,
    organizationId: r.org_number,
    organizationIdSuffix: r.org_number_suffix,
  };
}

/** The lock holder's lockHolder.identifier parts, when it has a complete identifier. */
export function identifierOf(r: ProjectRow): LockHolderIdentifier | null {
  if (!r.country_iso || !r.org_number) return null;
  return { countryIso: r.country_iso, orgNumber: r.org_number, orgNumberSuffix: r.org_number_suffix ?? '' };
}
