// A device as the app API shows it: never its key, only the key's thumbprint.
export interface DeviceRow {
  id: string;
  app_user_id: string;
  name: string | null;
  thumbprint: string;
  created: Date;
}

export const DEVICE_COLUMNS = 'id, app_user_id, name, thumbprint, created';

export function presentDevice(d: DeviceRow) {
  return { id: d.id, name: d.name, thumbprint: d.thumbprint, created: d.created.toISOString() };
}

export function presentProjectDevice(d: DeviceRow & { last_credential_at: Date | null }) {
  return { ...presentDevice(d), lastCredentialAt: d.last_credential_at?.toISOString() ?? null };
}
