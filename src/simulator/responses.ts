import type { JsonValue } from './types';

// The exact bodies the real service answers with (api-v1-observed.md, "Errors"), in one
// place so the handlers and the fault injector cannot drift apart.

export type FieldErrors = Record<string, string[]>;

export function json(body: JsonValue | object, status = 200, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(body), { status, headers: merged });
}

export function html(body: string, status: number, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set('Content-Type', 'text/html; charset=UTF-8');
  return new Response(body, { status, headers: merged });
}

export const unauthenticated = () => json({ message: 'Unauthenticated.' }, 401);

export const noApiAccess = () => json({ message: "You don't have access to this feature.", status: 403 }, 403);

export const unauthorized = () => json({ message: 'This action is unauthorized.' }, 403);

export const notFound = () => json({ message: 'Resource not found.', status: 404 }, 404);

/** Store's own 422 shape: `message` holds the field map. */
export const validationFailedServiceShape = (errors: FieldErrors) => json({ message: errors, status: 422 }, 422);

/** The framework's usual 422 shape; update answers with it so clients meet both. */
export const validationFailedFrameworkShape = (errors: FieldErrors) =>
  json({ message: 'The given data was invalid.', errors }, 422);

export const serverError = () =>
  json({ message: 'An unexpected error has occurred, please try again.', status: 500 }, 500);

export function tooManyAttempts(retryAfterSeconds: number, limit: number): Response {
  return json({ message: 'Too Many Attempts.' }, 429, {
    'Retry-After': String(retryAfterSeconds),
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': '0',
  });
}

const GATEWAY_TITLES: Record<502 | 503 | 504, string> = {
  502: '502 Bad Gateway',
  503: '503 Service Temporarily Unavailable',
  504: '504 Gateway Time-out',
};

/** What nginx in front of the service sends when the service is down or slow: HTML, not JSON. */
export function gatewayPage(status: 502 | 503 | 504): Response {
  const title = GATEWAY_TITLES[status];
  return html(
    `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
    status,
  );
}

/** The login page a browser-style request is redirected to when its key is bad. */
export function loginPage(): Response {
  return html(
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Login</title></head>' +
      '<body><form method="POST" action="/login"><input name="email"><input name="password" type="password">' +
      '<button type="submit">Login</button></form></body></html>',
    200,
  );
}
