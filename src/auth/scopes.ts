// The scopes a v2 token may carry, by the kind of resource a client holds them on: the one list
// the token endpoints, the RFC 8414 metadata, the admin API's grants and the API document read.
// (Which grant covers which token is grantCovers in revocation.ts: project.admin includes
// project.installer.)

export const SCOPES_BY_RESOURCE = {
  organization: ['organization.admin'],
  project: ['project.admin', 'project.installer'],
} as const;

export type ResourceType = keyof typeof SCOPES_BY_RESOURCE;

/** Every v2 scope, as the token endpoints and `scopes_supported` list them. */
export const V2_SCOPES = [...SCOPES_BY_RESOURCE.organization, ...SCOPES_BY_RESOURCE.project] as const;
export type V2Scope = (typeof V2_SCOPES)[number];

export function isV2Scope(scope: string): scope is V2Scope {
  return (V2_SCOPES as readonly string[]).includes(scope);
}
