// test-runner: store-independent
// Public text speaks in the project's own words: it never cites documents that are not in the
// repository (the working notes the API was designed from). RFCs and docs/*.md are cited instead.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';

const PATTERN = 'seed [0-9]|\\(seed|API\\.md|DESIGN\\.md|shared/seed';
const PLACES = ['src', 'docs', 'README.md', 'openapi.json', 'test', 'test-security', 'test-reliability'];

describe('citations', () => {
  it('no source, document, OpenAPI text or test cites a document outside the repository', () => {
    let found = '';
    try {
      // `:!` excludes this file, which has to spell the pattern.
      found = execFileSync(
        'git',
        ['grep', '-nE', PATTERN, '--', ...PLACES, ':!test/docs/citations.test.ts'],
        {
          encoding: 'utf8',
        },
      );
    } catch (e) {
      // git grep exits 1 when nothing matches.
      if ((e as { status?: number }).status !== 1) throw e;
    }
    assert.equal(found, '', `cite the project's own docs or an RFC instead:\n${found}`);
  });
});
