import type { Page } from '@playwright/test';
import { connect, expect, listRows, reportLinkIn, test } from './fixtures';

interface Focused {
  tag: string;
  type: string;
  /** The visible text, or an input's label. */
  name: string;
  outline: string;
}

/** What has focus, described well enough to assert on and to read in a failure message. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'body', type: '', name: '', outline: 'none' };
    const style = getComputedStyle(element);
    const label = element instanceof HTMLInputElement ? (element.labels?.[0]?.textContent ?? '') : '';
    return {
      tag: element.tagName.toLowerCase(),
      type: element.getAttribute('type') ?? '',
      name: (label || element.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 120),
      // A focus ring is an outline here (styles.css :focus-visible); "none" or 0 width means invisible.
      outline: style.outlineStyle === 'none' || style.outlineWidth === '0px' ? 'none' : style.outlineStyle,
    };
  });
}

/** Whether focus is on the main content or inside it. */
function focusIsInMain(page: Page): Promise<boolean> {
  return page.getByRole('main').evaluate((main) => main.contains(document.activeElement));
}

/** Presses the key until the focused element matches, checking on the way that focus stays visible. */
async function pressUntil(page: Page, matches: (el: Focused) => boolean, key = 'Tab'): Promise<Focused> {
  let previous = await focused(page);
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press(key);
    const current = await focused(page);
    expect(current.tag, `${key} from <${previous.tag}> "${previous.name}" must never drop focus to <body>`).not.toBe(
      'body',
    );
    previous = current;
    if (current.tag !== 'main' && current.tag !== 'h1') {
      expect(current.outline, `focus must be visible on <${current.tag}> "${current.name}"`).not.toBe('none');
    }
    if (matches(current)) return current;
  }
  throw new Error(`No element was reached with ${key}`);
}

test('keyboard only: open a report, change its privacy, save, and come back', async ({ page }) => {
  await connect(page);
  await page.goto('/reports');
  const firstReport = reportLinkIn(listRows(page).first());
  await expect(firstReport).toBeVisible();
  const url = ((await firstReport.textContent()) ?? '').trim();

  // The skip link comes first and leads into the content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  await pressUntil(page, (el) => el.tag === 'a' && el.name === url);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/reports\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Report for/ })).toBeVisible();
  // After the route change focus starts at the new content, not lost to <body> or left behind.
  await expect.poll(async () => (await focused(page)).tag).not.toBe('body');
  await expect.poll(() => focusIsInMain(page)).toBe(true);

  // The privacy button unfolds the form in place; Tab goes on into it (to the checked radio), arrows to "Password".
  // Its part comes after the page's first paint: once a person sees it (a busy CI machine once
  // tabbed past its place before it came, and on out of the page).
  await expect(page.getByRole('button', { name: /^Privacy: Public/ })).toBeVisible();
  await pressUntil(page, (el) => el.tag === 'button' && el.name.startsWith('Privacy: Public'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Privacy: Public/ })).toHaveAttribute('aria-expanded', 'true');
  // The form's part (its code, its words) comes a moment after the button unfolds it: a person tabs
  // on once it is there (a busy CI machine once tabbed past its place, to the end of the page).
  await expect(page.getByRole('radio', { name: /^Public/ })).toBeVisible();
  await pressUntil(page, (el) => el.type === 'radio');
  await expect(page.getByRole('radio', { name: /^Public/ })).toBeFocused();
  await pressUntil(page, (el) => el.type === 'radio' && el.name.startsWith('Password'), 'ArrowDown');
  await expect(page.getByRole('radio', { name: /^Password/ })).toBeChecked();
  await pressUntil(page, (el) => el.type === 'password');
  await page.keyboard.type('s3cret pass');
  await pressUntil(page, (el) => el.tag === 'button' && el.name === 'Save privacy');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Privacy saved.')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Password (a password is set)' })).toBeVisible();

  // Back with the keyboard: Shift+Tab up to the "All reports" link.
  await pressUntil(page, (el) => el.tag === 'a' && el.name === '← All reports', 'Shift+Tab');
  await page.keyboard.press('Enter');
  // The list's own history entry (the skip link left its #main on it).
  await expect(page).toHaveURL(/\/reports(#main)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect.poll(async () => (await focused(page)).tag).not.toBe('body');
  await expect.poll(() => focusIsInMain(page)).toBe(true);
  // Back at the row of the report just left, so the next Tab continues from there, with a visible ring.
  await expect.poll(async () => (await focused(page)).name).toBe(url);
  expect((await focused(page)).outline).not.toBe('none');
  // One tab stop per row (neither its checkbox nor its "Open page" link is one): one Tab reaches
  // the next row's report link.
  await page.keyboard.press('Tab');
  await expect(listRows(page).nth(1).locator('a.report-link')).toBeFocused();
});

test('keyboard only: the parts of a project’s page, each reached and opened from its link', async ({ page }) => {
  await connect(page);
  await page.goto('/projects/shop.fourthcoffee.com');
  await expect(
    page.getByRole('table', { name: 'Issues of shop.fourthcoffee.com, highest impact first' }),
  ).toBeVisible();
  const parts = page.getByRole('navigation', { name: 'Parts of the project' });
  // Forward to the last part, then back to the first: the links are in the Tab order both ways.
  for (const [name, heading, key] of [
    ['Segments', 'Segments', 'Tab'],
    ['Watch and plan', 'Watch and re-analyse', 'Tab'],
    ['Manage project', 'Manage project', 'Tab'],
    ['Pages', 'Pages', 'Shift+Tab'],
    ['Issues', 'Issues', 'Shift+Tab'],
  ] as const) {
    await pressUntil(page, (el) => el.tag === 'a' && el.name === name, key);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    // Focus stays on the link followed, now the current part's, and in view.
    const link = parts.getByRole('link', { name, exact: true });
    await expect(link).toBeFocused();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(link).toBeInViewport();
  }
});
