// @vitest-environment node
import type { Report } from '../../src/api';
import {
  describePrivacy,
  describeReportChanges,
  describeSavingAnyway,
} from '../../src/features/report-page/report-changes';

const base: Report = {
  id: '1',
  url: 'example.com/a',
  project: 'example.com',
  score: 80,
  rating: 'good',
  checks: [],
  privacy: 'public',
  hasPassword: false,
  generatedAt: '2026-11-01T10:00:00.000000Z',
  createdAt: '2026-11-01T10:00:00.000000Z',
  updatedAt: '2026-11-01T10:00:00.000000Z',
};

describe('describeReportChanges', () => {
  it('says nothing when the report is as it was', () => {
    expect(describeReportChanges(base, { ...base })).toEqual([]);
  });

  it('names a privacy change with before and after', () => {
    const now = { ...base, privacy: 'password' as const, hasPassword: true, updatedAt: '2026-11-02T10:00:00Z' };
    expect(describeReportChanges(base, now)).toEqual(['Privacy is now Password (a password is set); it was Public.']);
  });

  it('warns that a password may have changed when only updated_at moved on a password report', () => {
    const before = { ...base, privacy: 'password' as const, hasPassword: true };
    const now = { ...before, updatedAt: '2026-11-02T10:00:00Z' };
    expect(describeReportChanges(before, now)).toEqual(['The report was updated; its password may have been changed.']);
  });

  it('notices a re-analysis and an otherwise unexplained update', () => {
    expect(describeReportChanges(base, { ...base, generatedAt: '2026-11-03T10:00:00Z' })).toEqual([
      'The page was analysed again.',
    ]);
    expect(describeReportChanges(base, { ...base, updatedAt: '2026-11-03T10:00:00Z' })).toEqual([
      'The report was updated since you opened it.',
    ]);
  });

  it('describes privacy in words', () => {
    expect(describePrivacy({ privacy: 'password', hasPassword: false })).toBe('Password (no password set)');
    expect(describePrivacy({ privacy: 'private', hasPassword: true })).toBe('Private');
  });
});

describe('describeSavingAnyway', () => {
  const withPassword = { ...base, privacy: 'password' as const, hasPassword: true };

  it('says when saving anyway removes a password set elsewhere', () => {
    expect(describeSavingAnyway('private', false, withPassword)).toBe(
      'Saving your change anyway makes it Private and removes the password set elsewhere.',
    );
    expect(describeSavingAnyway('private', false, base)).toBe('Saving your change anyway makes it Private.');
  });

  it('says which password a Password choice ends with', () => {
    expect(describeSavingAnyway('password', true, base)).toBe(
      'Saving your change anyway makes it Password with the password you typed.',
    );
    expect(describeSavingAnyway('password', false, withPassword)).toBe(
      'Saving your change anyway makes it Password and keeps its current password.',
    );
    expect(describeSavingAnyway('password', false, base)).toBe(
      'Saving your change anyway makes it Password with no password set.',
    );
  });
});
