// The project's audit trail: who changed what, when and from where, newest first, with the fields
// before and after. Filter by action or by resource id (a key's id shows that key's history).
import { useState } from 'preact/hooks';
import { fmtTime } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { type AuditRecord, actorText, auditRecords } from '../parts/audit.ts';
import { ResourceTable } from '../parts/resource-table.tsx';
import type { TabProps } from '../tab.ts';
import { ErrorLine } from '../ui.tsx';

const changesText = (c: AuditRecord['changes']) =>
  [c.before && `before ${JSON.stringify(c.before)}`, c.after && `after ${JSON.stringify(c.after)}`]
    .filter(Boolean)
    .join('; ');

export function Audit({ api, projectId }: TabProps) {
  const [action, setAction] = useState('');
  const [resourceId, setResourceId] = useState('');
  const records = useLoad(async () => {
    const rs = await auditRecords(api, projectId, {
      ...(action ? { action } : {}),
      ...(resourceId ? { resourceId } : {}),
    });
    return rs.reverse();
  }, [api, action, resourceId]);
  return (
    <div>
      <fieldset class="filters" aria-label="Filter the audit trail">
        <label>
          Action{' '}
          <input
            value={action}
            placeholder="key.revoked"
            onChange={(e) => setAction(e.currentTarget.value.trim())}
          />
        </label>
        <label>
          Resource id{' '}
          <input value={resourceId} onChange={(e) => setResourceId(e.currentTarget.value.trim())} />
        </label>
      </fieldset>
      <ErrorLine error={records.error} />
      <ResourceTable
        label="Audit trail"
        rows={records.data}
        rowAttrs={(r) => ({ 'data-audit-id': r.id })}
        empty="No changes recorded."
        columns={[
          { header: 'When', cell: (r) => fmtTime(r.at) },
          { header: 'Who', cell: (r) => actorText(r.actor) },
          { header: 'Action', cell: (r) => r.action },
          { header: 'Resource', cell: (r) => `${r.resource.type} ${r.resource.id ?? ''}` },
          { header: 'Changes', cell: (r) => <small>{changesText(r.changes)}</small> },
          { header: 'From', cell: (r) => <small>{r.sourceAddress ?? ''}</small> },
        ]}
      />
    </div>
  );
}
