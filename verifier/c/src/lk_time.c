/*
 * Time on the lock's wall clock. The lock knows its zone only through the offset table of its
 * provisioning bundle: from each period's start, local time is UTC plus its offset. Windows are
 * then decided as the service decides them (src/time/recurrence.ts): local weekday and minute,
 * start inclusive, end exclusive, a window past midnight belonging to the day it starts on. So a
 * repeated hour (clocks going back) is inside a window both times, and a skipped one never happens.
 */
#include "lk_internal.h"

int lk_utc_offset_at(const lk_lock_state *lock, int64_t now, int32_t *minutes) {
  size_t n = lock->period_count;
  if (n == 0 || now < lock->periods[0].from || now >= lock->offsets_until) return -1;
  size_t lo = 0, hi = n - 1;
  while (lo < hi) {
    size_t mid = (lo + hi + 1) / 2;
    if (lock->periods[mid].from <= now) lo = mid;
    else hi = mid - 1;
  }
  *minutes = lock->periods[lo].minutes;
  return 0;
}

static int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

int lk_inside_windows(const lk_window *w, size_t count, int64_t local_seconds) {
  int64_t day = floor_div(local_seconds, 86400);
  int minute = (int)((local_seconds - day * 86400) / 60);
  int today = (int)(((day + 4) % 7 + 7) % 7); /* 1970-01-01 was a Thursday */
  int yesterday = (today + 6) % 7;
  for (size_t i = 0; i < count; i++) {
    int on_today = (w[i].days >> today) & 1, on_yesterday = (w[i].days >> yesterday) & 1;
    if (w[i].from < w[i].to) {
      if (on_today && minute >= w[i].from && minute < w[i].to) return 1;
    } else if ((on_today && minute >= w[i].from) || (on_yesterday && minute < w[i].to)) {
      return 1;
    }
  }
  return 0;
}
