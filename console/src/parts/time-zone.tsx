// An IANA time zone picker: the browser's own list, so no table ships with the console.
import { useState } from 'preact/hooks';

const ZONES: string[] = (() => {
  try {
    return ['UTC', ...(Intl as any).supportedValuesOf('timeZone')];
  } catch {
    return ['UTC'];
  }
})();

let n = 0;
export function TimeZoneSelect(props: { label: string; value: string; onChange: (v: string) => void }) {
  const [id] = useState(() => `tz${++n}`);
  const zones = ZONES.includes(props.value) ? ZONES : [props.value, ...ZONES];
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <select id={id} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        {zones.map((z) => (
          <option key={z} value={z}>
            {z}
          </option>
        ))}
      </select>
    </div>
  );
}
