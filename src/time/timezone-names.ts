// IANA time zones that were renamed, by their old name. The runtime's ICU (Node's and older
// browsers') still answers with the old spelling (`Asia/Kolkata` in, `Asia/Calcutta` out), so the
// API would rewrite what a person wrote, and a picker built from `Intl.supportedValuesOf` would
// list names people no longer use. Only renames: country links such as `Europe/Bratislava` are
// current names in their own right. Pure data, shared by the API and the console.
export const RENAMED_TIME_ZONES: ReadonlyMap<string, string> = new Map([
  ['Africa/Asmera', 'Africa/Asmara'],
  ['America/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
  ['America/Catamarca', 'America/Argentina/Catamarca'],
  ['America/Coral_Harbour', 'America/Atikokan'],
  ['America/Cordoba', 'America/Argentina/Cordoba'],
  ['America/Godthab', 'America/Nuuk'],
  ['America/Indianapolis', 'America/Indiana/Indianapolis'],
  ['America/Jujuy', 'America/Argentina/Jujuy'],
  ['America/Louisville', 'America/Kentucky/Louisville'],
  ['America/Mendoza', 'America/Argentina/Mendoza'],
  ['Asia/Calcutta', 'Asia/Kolkata'],
  ['Asia/Katmandu', 'Asia/Kathmandu'],
  ['Asia/Rangoon', 'Asia/Yangon'],
  ['Asia/Saigon', 'Asia/Ho_Chi_Minh'],
  ['Atlantic/Faeroe', 'Atlantic/Faroe'],
  ['Europe/Kiev', 'Europe/Kyiv'],
  ['Pacific/Enderbury', 'Pacific/Kanton'],
  ['Pacific/Ponape', 'Pacific/Pohnpei'],
  ['Pacific/Truk', 'Pacific/Chuuk'],
]);

/** A runtime's zone list with each renamed zone under its current name, sorted, without repeats. */
export function currentTimeZoneNames(runtimeNames: readonly string[]): string[] {
  const names = new Set(runtimeNames.map((n) => RENAMED_TIME_ZONES.get(n) ?? n));
  return [...names].sort();
}
