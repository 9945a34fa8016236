import type { AuditRow } from './queries.ts';

export function presentAuditRecord(r: AuditRow) {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: { type: r.actor_type, id: r.actor_id },
    action: r.action,
    resource: { type: r.resource_type, id: r.resource_id },
    ...(r.project_id ? { projectId: r.project_id } : {}),
    ...(r.organization_id ? { organizationId: r.organization_id } : {}),
    requestId: r.request_id,
    sourceAddress: r.source_address,
    changes: r.changes,
  };
}
