import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A folder says which screen or service it serves (docs/decisions/0061): a feature that grows past
 * this many files is serving more than one, and is split before it grows further.
 */
const MAX_FILES_PER_FEATURE = 35;

const FEATURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/features');

function filesUnder(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (count, entry) => count + (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : 1),
    0,
  );
}

const features = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({ name: entry.name, files: filesUnder(join(FEATURES, entry.name)) }));

describe('feature folders', () => {
  it('finds the features', () => {
    expect(features.map((feature) => feature.name)).toEqual(
      expect.arrayContaining(['reports', 'report-list', 'report-page', 'new-report', 'jobs']),
    );
  });

  it.each(features)(`$name has at most ${MAX_FILES_PER_FEATURE} files`, ({ files }) => {
    expect(files).toBeLessThanOrEqual(MAX_FILES_PER_FEATURE);
  });
});
