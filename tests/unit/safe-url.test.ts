// @vitest-environment node
import { toSafeHref } from '../../src/lib/safe-url';

describe('toSafeHref', () => {
  it.each([
    ['example.com/blog', 'https://example.com/blog'],
    ['http://example.com/a?b=c', 'http://example.com/a?b=c'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
  ])('links %s as %s', (value, href) => {
    expect(toSafeHref(value)).toBe(href);
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>x</script>', 'mailto:a@b.c', 'not a url', ''])(
    'never links %s',
    (value) => {
      expect(toSafeHref(value)).toBeNull();
    },
  );

  it('drops credentials from the link', () => {
    expect(toSafeHref('https://user:pa55@evil.example/login')).toBe('https://evil.example/login');
    expect(toSafeHref('user@example.com/x')).toBe('https://example.com/x');
  });
});
