import type { Plugin } from 'vite';

/**
 * Puts a Content-Security-Policy <meta> tag into the built index.html, for static hosts that
 * cannot send headers (nginx sends its own, see deploy/nginx.conf). No inline script, no eval.
 *
 * API_ORIGINS (space-separated, at build time) lists the origins the page may call: the service's
 * and the team's sync server's (`wss://…`, `ws://…`). Unset, any HTTPS or secure WebSocket origin
 * is allowed, because the user picks the service and the sync server on the settings page; set it
 * to lock a deployment to its own, e.g. API_ORIGINS="https://seo.example.com wss://sync.example.com".
 * (frame-ancestors cannot be set by a meta tag: framing is refused by the nginx header.)
 */
export function contentSecurityPolicy(apiOrigins: string | undefined): Plugin {
  const connect = ["'self'", ...(apiOrigins?.trim() ? apiOrigins.trim().split(/\s+/) : ['https:', 'wss:'])].join(' ');
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  return {
    name: 'content-security-policy',
    // Only the build: the dev server injects inline scripts for hot reload.
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' },
    ],
  };
}
