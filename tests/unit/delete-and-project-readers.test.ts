import { readProject } from '../../src/api/projects';
import { readDeleted } from '../../src/api/writes';

/**
 * The readers of a delete's answer and of one project: what they take, and the field each
 * refusal names (what the person is told the service sent wrong).
 */
describe('a delete is confirmed', () => {
  it('by deleted: true in its seen spellings, or by an empty answer', () => {
    for (const deleted of [true, 1, '1', 'true']) expect(() => readDeleted({ deleted })).not.toThrow();
    expect(() => readDeleted(null)).not.toThrow();
    expect(() => readDeleted({ deleted: true, id: 7 })).not.toThrow();
    expect(() => readDeleted({ deleted: true, id: '7' })).not.toThrow();
  });

  it('and by nothing else, saying which part is wrong', () => {
    expect(() => readDeleted('<html>maintenance</html>')).toThrow(/^The answer: expected an object$/);
    expect(() => readDeleted({ deleted: false })).toThrow(/^deleted: expected true$/);
    expect(() => readDeleted({})).toThrow(/^deleted: expected true$/);
    for (const id of [Number.POSITIVE_INFINITY, Number.NaN, null, { id: 1 }])
      expect(() => readDeleted({ deleted: true, id })).toThrow(/^id: expected an id$/);
  });
});

describe('one project of a list', () => {
  it('names the broken field by itself when read alone, and under its path in a list', () => {
    expect(() => readProject({ reports: 2 })).toThrow(/^project: /);
    expect(() => readProject({ reports: 2 }, 'data[3]')).toThrow(/^data\[3\]\.project: /);
    // A date that is not text is refused; text that is no date is read as none.
    expect(() => readProject({ project: 'a.example', created_at: 20261127 })).toThrow(/^created_at: /);
    expect(readProject({ project: 'a.example', created_at: 'yesterday-ish' }).createdAt).toBeNull();
  });
});
