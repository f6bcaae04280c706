// @vitest-environment node
import fc from 'fast-check';
import { ApiError } from '../../src/api';
import { request } from '../../src/api/request';
import { readErrorBody } from '../../src/api/error-body';
import { readProjectPage } from '../../src/api/projects';
import { readReport, readReportEnvelope, readReportPage, readResult, ResponseShapeError } from '../../src/api/parsers';
import { readDeleted } from '../../src/api/writes';

/**
 * Whatever the service (or something in front of it) answers, the client either returns the
 * app's own types or throws its one typed error: never a TypeError from deep inside a page.
 */
const READERS = {
  report: readReportEnvelope,
  reportPage: readReportPage,
  projectPage: readProjectPage,
  deleted: readDeleted,
};

const anyValue = fc.oneof(
  fc.anything(),
  fc.constantFrom('good', 'decent', 'bad', '84', '', 'javascript:alert(1)', '<b>x</b>'),
);

/** Objects that look like the service's, with any value in any field. */
const reportLike = fc.record(
  {
    id: fc.oneof(fc.integer(), fc.string(), anyValue),
    url: fc.oneof(fc.webUrl(), fc.string(), anyValue),
    project: fc.oneof(fc.domain(), anyValue),
    result: fc.oneof(
      fc.integer({ min: -10, max: 110 }),
      fc.constantFrom('good', 'decent', 'bad', null, '63'),
      anyValue,
    ),
    results: fc.oneof(
      fc.dictionary(
        fc.string(),
        fc.oneof(fc.record({ passed: anyValue, importance: anyValue, value: anyValue, errors: anyValue }), anyValue),
      ),
      anyValue,
    ),
    privacy: fc.oneof(fc.constantFrom(0, 1, 2, '0', '2', 3), anyValue),
    password: anyValue,
    generated_at: fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      anyValue,
    ),
  },
  { requiredKeys: [] },
);

const bodies = fc.oneof(
  fc.json(),
  fc.string(),
  reportLike.map((report) => JSON.stringify({ data: report, status: 200 })),
  fc.array(reportLike, { maxLength: 3 }).map((data) => JSON.stringify({ data, meta: { total: '3', per_page: 10 } })),
  fc
    .record({
      data: fc.array(fc.record({ project: anyValue, reports: anyValue, result: anyValue, created_at: anyValue })),
      meta: anyValue,
    })
    .map((b) => JSON.stringify(b)),
  fc.record({ message: anyValue, errors: anyValue }).map((b) => JSON.stringify(b)),
);

const statuses = fc.constantFrom(200, 201, 204, 400, 401, 403, 404, 422, 429, 500, 502, 503);

function respond(body: string, status: number): typeof fetch {
  return () => Promise.resolve(new Response(status === 204 ? null : body, { status }));
}

describe('response parsing', () => {
  it('returns parsed data or throws ApiError, for any body and status', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodies,
        statuses,
        fc.constantFrom(...(Object.keys(READERS) as (keyof typeof READERS)[])),
        async (body, status, readerName) => {
          const outcome = await request<unknown>(
            { baseUrl: 'http://api.test', apiKey: 'k', fetch: respond(body, status) },
            { method: 'GET', path: ['reports'], parse: READERS[readerName] },
          ).then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => ({ ok: false as const, error }),
          );
          if (outcome.ok) expect(status).toBeLessThan(300);
          else expect(outcome.error).toBeInstanceOf(ApiError);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('turns any report-like object into a report with a valid rating, or rejects it as a whole', () => {
    fc.assert(
      fc.property(reportLike, (raw) => {
        let report;
        try {
          report = readReport(raw);
        } catch (error) {
          expect(error).toBeInstanceOf(ResponseShapeError);
          return;
        }
        expect(typeof report.id).toBe('string');
        expect(typeof report.url).toBe('string');
        expect([null, 'good', 'decent', 'bad']).toContain(report.rating);
        expect(['public', 'private', 'password']).toContain(report.privacy);
        expect(report.score === null || Number.isFinite(report.score)).toBe(true);
        for (const check of report.checks) {
          expect([true, false, null]).toContain(check.passed);
          expect(typeof check.errors).toBe('object');
        }
      }),
      { numRuns: 500 },
    );
  });
});

/** One report as the service sends it; each case below changes what it is about. */
const REPORT = {
  id: 42,
  url: 'example.com/blog',
  project: 'example.com',
  result: 84,
  results: { title: { passed: true, importance: 'high', value: 'Hi', errors: [] } },
  privacy: 0,
  password: false,
  generated_at: '2026-11-20T10:00:00.000000Z',
  created_at: '2026-11-20T09:59:00.000000Z',
  updated_at: null,
};

const readsAs = (changes: Record<string, unknown>) => readReport({ ...REPORT, ...changes });

describe('reading a report, variant by variant (shared/spec/api-v1-observed.md)', () => {
  it('reads the documented shape into the app’s own type', () => {
    expect(readReport(REPORT)).toEqual({
      id: '42',
      url: 'example.com/blog',
      project: 'example.com',
      score: 84,
      rating: 'good',
      checks: [{ name: 'title', passed: true, importance: 'high', value: 'Hi', errors: {} }],
      privacy: 'public',
      hasPassword: false,
      generatedAt: '2026-11-20T10:00:00.000000Z',
      createdAt: '2026-11-20T09:59:00.000000Z',
      updatedAt: null,
    });
  });

  it.each([
    [84, 84, 'good'],
    [80, 80, 'good'],
    [79, 79, 'decent'],
    [49, 49, 'decent'],
    [48, 48, 'bad'],
    ['63', 63, 'decent'],
    [' 91 ', 91, 'good'],
    ['12.5', 12.5, 'bad'],
    ['good', null, 'good'],
    [' Decent ', null, 'decent'],
    ['BAD', null, 'bad'],
    ['excellent', null, null],
    ['1e3', null, null],
    ['', null, null],
    [null, null, null],
    [undefined, null, null],
  ])('result %j → score %j, rating %j', (result, score, rating) => {
    expect(readsAs({ result })).toMatchObject({ score, rating });
  });

  it.each([[true], [{ score: 5 }], [[84]]])('rejects result %j', (result) => {
    expect(() => readsAs({ result })).toThrow(ResponseShapeError);
  });

  it.each([
    [0, 'public'],
    ['1', 'private'],
    [2, 'password'],
    [' 2 ', 'password'],
    [null, 'public'],
    [undefined, 'public'],
  ])('privacy %j → %j', (privacy, expected) => {
    expect(readsAs({ privacy }).privacy).toBe(expected);
  });

  it.each([[3], ['x'], [1.5], [true]])('rejects privacy %j', (privacy) => {
    expect(() => readsAs({ privacy })).toThrow(ResponseShapeError);
  });

  it.each([
    [true, true],
    [1, true],
    ['1', true],
    ['true', true],
    [false, false],
    [0, false],
    ['0', false],
    [null, false],
    [undefined, false],
  ])('password %j → hasPassword %j', (password, expected) => {
    expect(readsAs({ password }).hasPassword).toBe(expected);
  });

  it('rejects a password flag that is an object', () => {
    expect(() => readsAs({ password: {} })).toThrow(ResponseShapeError);
  });

  it.each([
    ['12', '12'],
    [7, '7'],
  ])('id %j → %j', (id, expected) => {
    expect(readsAs({ id }).id).toBe(expected);
  });

  it.each([[''], [null], [undefined], [{}]])('rejects id %j', (id) => {
    expect(() => readsAs({ id })).toThrow(ResponseShapeError);
  });

  it('reads PHP’s [] and null as no checks, and keeps checks of unknown shapes', () => {
    expect(readsAs({ results: [] }).checks).toEqual([]);
    // A list is never a map of checks, whatever it holds.
    expect(readsAs({ results: [{ passed: true }] }).checks).toEqual([]);
    expect(readsAs({ results: null }).checks).toEqual([]);
    expect(readsAs({ results: undefined }).checks).toEqual([]);
    expect(
      readsAs({ results: { a: 'weird', b: { passed: 0, importance: 'urgent', errors: { too_slow: { max: 2 } } } } })
        .checks,
    ).toEqual([
      { name: 'a', passed: null, importance: null, value: 'weird', errors: {} },
      { name: 'b', passed: false, importance: null, value: undefined, errors: { too_slow: { max: 2 } } },
    ]);
    expect(() => readsAs({ results: 'none' })).toThrow(ResponseShapeError);
  });

  it('reads a missing project as empty, dates it cannot read as none, and rejects a non-string date', () => {
    expect(readsAs({ project: null }).project).toBe('');
    expect(readsAs({ generated_at: 'not a date', created_at: '' })).toMatchObject({
      generatedAt: null,
      createdAt: null,
    });
    expect(() => readsAs({ generated_at: 1700000000 })).toThrow(ResponseShapeError);
  });

  it('reads a report without the result and password fields (absent, not null)', () => {
    const { result: _result, password: _password, ...rest } = REPORT;
    expect(readReport(rest)).toMatchObject({ score: null, rating: null, hasPassword: false });
  });

  it('names where a value of the wrong shape was found', () => {
    // In a list, a broken row is set aside with where it broke; the rest of the page is read.
    const page = readReportPage({ data: [REPORT, { ...REPORT, id: 77, url: 5 }] });
    expect(page.items).toHaveLength(1);
    expect(page.unreadable).toEqual([{ position: 2, id: '77', reason: 'data[1].url: expected a string' }]);
    expect(readReportPage({ data: [REPORT] }).unreadable).toBeUndefined();
    expect(() => readReportPage({ data: 'nope' })).toThrow(ResponseShapeError);
    expect(() => readReportEnvelope({ data: { ...REPORT, privacy: 9 } })).toThrow('data.privacy');
  });
});

describe('what a refused report says: the field, and what was expected there', () => {
  it.each([
    [{ id: '' }, 'id: expected an id'],
    [{ id: Number.NaN }, 'id: expected an id'],
    [{ url: 5 }, 'url: expected a string'],
    [{ project: 5 }, 'project: expected a string'],
    [{ result: true }, 'result: expected a score, a rating word or null'],
    [{ results: 'none' }, 'results: expected the checks as a map'],
    [{ privacy: 9 }, 'privacy: expected a privacy code 0, 1 or 2'],
    [{ privacy: 'x' }, 'privacy: expected a number'],
    [{ password: {} }, 'password: expected a boolean'],
    [{ password: Number.POSITIVE_INFINITY }, 'password: expected a boolean'],
    [{ generated_at: 5 }, 'generated_at: expected a date-time string or null'],
    [{ created_at: 5 }, 'created_at: expected a date-time string or null'],
    [{ updated_at: 5 }, 'updated_at: expected a date-time string or null'],
  ])('%j → %j', (changes, message) => {
    let thrown: unknown;
    try {
      readsAs(changes);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ResponseShapeError);
    expect(thrown).toMatchObject({ name: 'ResponseShapeError', message });
  });

  it('names the answer as a whole when it is not an object, and the envelope’s path inside one', () => {
    expect(() => readReport(null)).toThrow(/^The answer: expected an object$/);
    expect(() => readReportEnvelope('maintenance')).toThrow(/^The answer: expected an object$/);
    expect(() => readReportEnvelope({ data: { ...REPORT, url: 5 } })).toThrow(/^data\.url: expected a string$/);
    expect(() => readResult({ score: 5 })).toThrow(/^result: expected a score, a rating word or null$/);
  });

  it('reads a missing project as empty, and a check’s passed flag as 1/0 or true/false', () => {
    expect(readsAs({ project: undefined }).project).toBe('');
    const checks = readsAs({
      results: { a: { passed: 1 }, b: { passed: false }, c: { passed: 'yes' }, d: { passed: true } },
    }).checks;
    expect(checks.map((check) => [check.name, check.passed])).toEqual([
      ['a', true],
      ['b', false],
      ['c', null],
      ['d', true],
    ]);
  });
});

describe('reading a page of a list', () => {
  const meta = {
    current_page: 2,
    from: 11,
    last_page: 3,
    path: 'https://host/api/v1/reports',
    per_page: 10,
    to: 11,
    total: 21,
  };

  it('reads meta with numbers as strings, and with or without meta.links', () => {
    const expected = { currentPage: 2, lastPage: 3, perPage: 10, total: 21, from: 11, to: 11 };
    const asStrings = Object.fromEntries(Object.entries(meta).map(([key, value]) => [key, String(value)]));
    expect(readReportPage({ data: [REPORT], meta })).toMatchObject(expected);
    expect(readReportPage({ data: [REPORT], meta: asStrings })).toMatchObject(expected);
    expect(readReportPage({ data: [REPORT], meta: { ...meta, links: [{ url: null, active: false }] } })).toMatchObject(
      expected,
    );
  });

  it('reads an empty page, with from and to null', () => {
    expect(readReportPage({ data: [], meta: { ...meta, current_page: 1, from: null, to: null, total: 0 } })).toEqual({
      items: [],
      currentPage: 1,
      lastPage: 3,
      perPage: 10,
      total: 0,
      from: null,
      to: null,
    });
  });

  it('works out the figures of a page without meta', () => {
    expect(readReportPage({ data: [REPORT, REPORT] })).toMatchObject({
      currentPage: 1,
      lastPage: 1,
      perPage: 2,
      total: 2,
      from: 1,
      to: 2,
    });
    expect(readReportPage({ data: [] })).toMatchObject({ perPage: 1, total: 0, lastPage: 1, from: null, to: null });
  });

  it('works out from and to when the service sends null or leaves them out', () => {
    const page = readReportPage({ data: [REPORT], meta: { current_page: 3, per_page: 25, total: 51, from: null } });
    expect(page).toMatchObject({ lastPage: 3, from: 51, to: 51 });
  });

  it('takes from and to as the service sends them', () => {
    const page = readReportPage({
      data: [REPORT],
      meta: { current_page: 1, per_page: 10, total: 1, from: '5', to: 7 },
    });
    expect(page).toMatchObject({ from: 5, to: 7 });
  });

  it('keeps the id of a broken row, sent as a string or a number', () => {
    const page = readReportPage({
      data: [
        { ...REPORT, id: 'r-9', url: null },
        { ...REPORT, id: 9, url: null },
      ],
    });
    expect(page.unreadable?.map((row) => row.id)).toEqual(['r-9', '9']);
  });

  it.each([
    [null, 'The answer: expected an object'],
    [{ data: 'nope' }, 'data: expected a list'],
    [{ data: [REPORT], meta: 'none' }, 'meta: expected an object'],
    [{ data: [REPORT], meta: { per_page: 'x' } }, 'meta.per_page: expected a number'],
    [{ data: [REPORT], meta: { total: 'x' } }, 'meta.total: expected a number'],
    [{ data: [REPORT], meta: { current_page: 'x' } }, 'meta.current_page: expected a number'],
    [{ data: [REPORT], meta: { last_page: 'x' } }, 'meta.last_page: expected a number'],
    [{ data: [REPORT], meta: { from: 'x' } }, 'meta.from: expected a number'],
    [{ data: [REPORT], meta: { to: 'x' } }, 'meta.to: expected a number'],
  ])('refuses %j, saying %j', (body, message) => {
    expect(() => readReportPage(body)).toThrow(new ResponseShapeError(message));
  });

  it.each([
    [{ data: 'nope' }],
    [{ data: [REPORT], meta: null }],
    [{ data: [REPORT], meta: { total: 'many' } }],
    [{ data: [REPORT], meta: { current_page: null } }],
    [[REPORT]],
    [null],
  ])('rejects %j', (body) => {
    expect(() => readReportPage(body)).toThrow(ResponseShapeError);
  });

  it('reads projects: the average from the sum of scores, broken figures blanked', () => {
    const page = readProjectPage({
      data: [
        { project: 'example.com', reports: '12', result: '903', created_at: '2022-01-04T18:37:00.000000Z' },
        { project: 'empty.example', reports: 0, result: 0, created_at: null },
        { project: 'broken.example', reports: 'n/a', result: { sum: 1 } },
      ],
    });
    expect(page.items).toEqual([
      {
        name: 'example.com',
        reportCount: 12,
        averageScore: 75,
        rating: 'decent',
        createdAt: '2022-01-04T18:37:00.000000Z',
      },
      { name: 'empty.example', reportCount: 0, averageScore: null, rating: null, createdAt: null },
      { name: 'broken.example', reportCount: null, averageScore: null, rating: null, createdAt: null },
    ]);
    expect(readProjectPage({ data: [{ project: null }] })).toMatchObject({
      items: [],
      unreadable: [{ position: 1, id: null, reason: 'data[0].project: expected a string' }],
    });
  });
});

describe('reading a delete and an error body', () => {
  it.each([[null], [{ id: 5, deleted: true }], [{ deleted: 1 }], [{ id: 'x', deleted: '1' }], [{ deleted: 'true' }]])(
    'takes %j as deleted',
    (body) => {
      expect(() => readDeleted(body)).not.toThrow();
    },
  );

  it.each([[{}], [{ deleted: false }], [{ status: 'maintenance' }], [{ id: null, deleted: true }], ['ok']])(
    'does not take %j as deleted',
    (body) => {
      expect(() => readDeleted(body)).toThrow(ResponseShapeError);
    },
  );

  it('reads both 422 shapes', () => {
    expect(readErrorBody({ message: { url: ['The url field is required.'] } })).toEqual({
      message: undefined,
      fieldErrors: { url: ['The url field is required.'] },
    });
    expect(
      readErrorBody({ message: 'The given data was invalid.', errors: { url: ['Invalid.'], privacy: 'Bad.' } }),
    ).toEqual({ message: 'The given data was invalid.', fieldErrors: { url: ['Invalid.'], privacy: ['Bad.'] } });
  });

  it('ignores a body it cannot read as a whole, and never sets a prototype from it', () => {
    expect(readErrorBody('<html>')).toBeUndefined();
    expect(readErrorBody({ message: null })).toBeUndefined();
    expect(readErrorBody({ errors: { url: [1] } })).toBeUndefined();
    // One message that is not text makes the whole list unreadable, not only itself.
    expect(readErrorBody({ errors: { url: ['Invalid.', 1] } })).toBeUndefined();
    const read = readErrorBody(JSON.parse('{"errors": {"__proto__": ["x"], "url": ["y"]}}'));
    expect(read?.fieldErrors).toEqual({ url: ['y'] });
    expect(Object.getPrototypeOf(read?.fieldErrors)).toBe(Object.prototype);
  });
});
