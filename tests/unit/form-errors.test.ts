// @vitest-environment node
import { ApiError } from '../../src/api';
import { applyFieldErrors } from '../../src/components/form-errors';

interface Values {
  url: string;
  privacy: string;
}

function recorder() {
  const calls: { name: string; message: string | undefined; focus: boolean | undefined }[] = [];
  const setError = (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
    calls.push({ name, message: error.message, focus: options?.shouldFocus });
  };
  return { calls, setError };
}

const validation = (fieldErrors: Record<string, string[]>) =>
  new ApiError('http', 'The given data was invalid.', { status: 422, fieldErrors });

describe('applyFieldErrors', () => {
  it("puts each of a 422's field errors on its field, focusing the first", () => {
    const { calls, setError } = recorder();
    const rest = applyFieldErrors<Values>(
      validation({ url: ['Could not fetch the page.', 'Try again later.'], privacy: ['Unknown privacy.'] }),
      setError,
      ['url', 'privacy'],
    );
    expect(rest).toEqual([]);
    expect(calls).toEqual([
      { name: 'url', message: 'Could not fetch the page. Try again later.', focus: true },
      { name: 'privacy', message: 'Unknown privacy.', focus: false },
    ]);
  });

  it('returns the messages of fields the form does not have, so that none is lost', () => {
    const { calls, setError } = recorder();
    const rest = applyFieldErrors<Values>(
      validation({ captcha: ['Solve the captcha.'], url: ['Too long.'], results: ['Not allowed now.'] }),
      setError,
      ['url', 'privacy'],
    );
    expect(rest).toEqual(['Solve the captcha.', 'Not allowed now.']);
    expect(calls).toEqual([{ name: 'url', message: 'Too long.', focus: true }]);
  });

  it('leaves anything but a 422 with field errors to the caller', () => {
    const { calls, setError } = recorder();
    const fields = ['url'] as const;
    expect(applyFieldErrors<Values>(new Error('boom'), setError, fields)).toBeNull();
    expect(applyFieldErrors<Values>(new ApiError('http', 'Down.', { status: 500 }), setError, fields)).toBeNull();
    expect(
      applyFieldErrors<Values>(
        new ApiError('http', 'Nope.', { status: 403, fieldErrors: { url: ['x'] } }),
        setError,
        fields,
      ),
    ).toBeNull();
    expect(applyFieldErrors<Values>(validation({}), setError, fields)).toBeNull();
    expect(calls).toEqual([]);
  });
});
