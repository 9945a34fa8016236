export interface ProjectRow {
  id: string;
  name: string;
  organization_id: string;
  country_iso: string | null;
  org_number: string | null;
  org_number_suffix: string | null;
  timezone: string | null;
  created: Date;
  metadata: Record<string, string>;
  sandbox: boolean;
}

export const PROJECT_COLUMNS =
  'id, name, organization_id, country_iso, org_number, org_number_suffix, timezone, created, metadata, sandbox';

export function presentProject(r: ProjectRow) {
  return {
    id: r.id,
    name: r.name,
    organizationId: r.organization_id,
    countryIso: r.country_iso,
    orgNumber: r.org_number,
    orgNumberSuffix: r.org_number_suffix,
    timezone: r.timezone,
    created: r.created.toISOString(),
    metadata: r.metadata,
    sandbox: r.sandbox,
  };
}
