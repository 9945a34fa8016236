// The weekly-window editor for a key's recurrence: days and a from–to time per window, in the
// lock's time zone; a `to` earlier than `from` runs past midnight.
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export interface Window {
  days: string[];
  from: string;
  to: string;
}

export function WindowEditor({
  value,
  onChange,
  timeZone,
}: {
  value: Window[];
  onChange: (w: Window[]) => void;
  /** The lock's time zone, named in the legend: windows are in the lock's time, not the browser's. */
  timeZone: string | undefined;
}) {
  const set = (i: number, w: Window) => onChange(value.map((x, j) => (j === i ? w : x)));
  return (
    <fieldset class="windows">
      <legend>
        Weekly windows, in the lock's time zone{timeZone ? ` (${timeZone})` : ''}; none: any time
      </legend>
      {value.map((w, i) => (
        <fieldset class="window" key={i} aria-label={`Window ${i + 1}`}>
          {DAYS.map((d) => (
            <label class="day" key={d}>
              <input
                type="checkbox"
                checked={w.days.includes(d)}
                onChange={(e) =>
                  set(i, {
                    ...w,
                    days: e.currentTarget.checked
                      ? DAYS.filter((x) => x === d || w.days.includes(x))
                      : w.days.filter((x) => x !== d),
                  })
                }
              />
              {d}
            </label>
          ))}
          <label>
            From{' '}
            <input
              type="time"
              value={w.from}
              required
              onInput={(e) => set(i, { ...w, from: e.currentTarget.value })}
            />
          </label>
          <label>
            To{' '}
            <input
              type="time"
              value={w.to}
              required
              onInput={(e) => set(i, { ...w, to: e.currentTarget.value })}
            />
          </label>
          <button type="button" onClick={() => onChange(value.filter((_, j) => j !== i))}>
            Remove window {i + 1}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() =>
          onChange([...value, { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '08:00', to: '17:00' }])
        }
      >
        Add window
      </button>
    </fieldset>
  );
}
