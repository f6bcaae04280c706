import fc from 'fast-check';
import { ApiError } from '../../src/api';
import { request } from '../../src/api/request';
import { DeletedSchema, ProjectSchema, ReportEnvelopeSchema, ReportSchema, pageSchema } from '../../src/api/schemas';

/**
 * Whatever the service (or something in front of it) answers, the client either returns the
 * app's own types or throws its one typed error: never a TypeError from deep inside a page.
 */
const SCHEMAS = {
  report: ReportEnvelopeSchema,
  reportPage: pageSchema(ReportSchema),
  projectPage: pageSchema(ProjectSchema),
  deleted: DeletedSchema,
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
        fc.constantFrom(...(Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[])),
        async (body, status, schemaName) => {
          const outcome = await request(
            { baseUrl: 'http://api.test', apiKey: 'k', fetch: respond(body, status) },
            { method: 'GET', path: ['reports'], schema: SCHEMAS[schemaName] },
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
        const parsed = ReportSchema.safeParse(raw);
        if (!parsed.success) return;
        const report = parsed.data;
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
