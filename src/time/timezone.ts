// IANA time zone names, validated by the runtime's ICU data and returned in canonical spelling
// ("europe/oslo" → "Europe/Oslo"). Offsets like "+01:00" are not zones and are refused.

export function canonicalTimeZone(name: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
