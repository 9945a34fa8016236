// Durations the service counts in. A day is a UTC day: 24 hours, with no daylight-saving shift
// (access-log partitions, retention windows and the age limit of uploaded events are in UTC).

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
