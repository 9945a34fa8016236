// test-runner: store-independent
// Time zone names: what a person wrote is kept (current IANA names, and old ones too), in the
// zone's own capitalisation; the runtime's old spellings never replace a current name.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalTimeZone } from '../../src/time/timezone.ts';
import { currentTimeZoneNames, RENAMED_TIME_ZONES } from '../../src/time/timezone-names.ts';

describe('time zone names', () => {
  it('keeps current IANA names that the runtime spells the old way', () => {
    assert.equal(canonicalTimeZone('Asia/Kolkata'), 'Asia/Kolkata');
    assert.equal(canonicalTimeZone('Europe/Kyiv'), 'Europe/Kyiv');
    assert.equal(canonicalTimeZone('asia/ho_chi_minh'), 'Asia/Ho_Chi_Minh');
  });
  it('keeps an old name a person wrote, and fixes only its capitalisation', () => {
    assert.equal(canonicalTimeZone('Asia/Calcutta'), 'Asia/Calcutta');
    assert.equal(canonicalTimeZone('europe/oslo'), 'Europe/Oslo');
    assert.equal(canonicalTimeZone('utc'), 'UTC');
  });
  it('refuses what is not a zone', () => {
    for (const bad of ['+01:00', 'Mars/Olympus', '', 'Europe/Oslo ', '../etc'])
      assert.equal(canonicalTimeZone(bad), undefined, bad);
  });
  it('names every renamed zone the runtime lists under its current name, once', () => {
    const runtime = Intl.supportedValuesOf('timeZone');
    const names = currentTimeZoneNames(runtime);
    assert.ok(names.includes('Asia/Kolkata'));
    assert.ok(!names.includes('Asia/Calcutta'));
    assert.equal(new Set(names).size, names.length);
    // Every current name is a zone the runtime accepts.
    for (const current of RENAMED_TIME_ZONES.values()) assert.ok(canonicalTimeZone(current), current);
  });
});
