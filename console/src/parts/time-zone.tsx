// An IANA time zone picker: the browser's own list, under the zones' current names (a browser may
// still list `Asia/Calcutta` for `Asia/Kolkata`), so only a small table of renames ships.
import { useState } from 'preact/hooks';
import { currentTimeZoneNames } from '../../../src/time/timezone-names.ts';

const ZONES: string[] = (() => {
  try {
    return ['UTC', ...currentTimeZoneNames(Intl.supportedValuesOf('timeZone'))];
  } catch {
    return ['UTC'];
  }
})();

let n = 0;
export function TimeZoneSelect(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: string;
}) {
  const [id] = useState(() => `tz${++n}`);
  // What the person or the API holds stays selectable, even if this browser spells it otherwise.
  const zones = !props.value || ZONES.includes(props.value) ? ZONES : [props.value, ...ZONES];
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {zones.map((z) => (
          <option key={z} value={z}>
            {z}
          </option>
        ))}
      </select>
      {props.hint && (
        <small id={`${id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
    </div>
  );
}
