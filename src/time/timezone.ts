// IANA time zone names, validated by the runtime's ICU data. What a person wrote is kept, in the
// zone's own capitalisation ("europe/oslo" → "Europe/Oslo", "asia/kolkata" → "Asia/Kolkata"): the
// runtime would answer with its canonical spelling, which for renamed zones is the old name
// (`Asia/Calcutta`). Offsets like "+01:00" are not zones and are refused.
import { currentTimeZoneNames, RENAMED_TIME_ZONES } from './timezone-names.ts';

let byLowerCase: Map<string, string> | undefined;

/** Every name the runtime knows, current and renamed, by its lower-case spelling. */
function spellings(): Map<string, string> {
  if (!byLowerCase) {
    const runtime = Intl.supportedValuesOf('timeZone');
    const all = [...runtime, ...currentTimeZoneNames(runtime), 'UTC'];
    byLowerCase = new Map(all.map((n) => [n.toLowerCase(), n]));
  }
  return byLowerCase;
}

export function canonicalTimeZone(name: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return undefined;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  // A listed name (current or old), as the person wrote it; else (aliases such as `US/Pacific`)
  // the zone the runtime resolved it to, under its current name.
  return spellings().get(name.toLowerCase()) ?? RENAMED_TIME_ZONES.get(resolved) ?? resolved;
}
