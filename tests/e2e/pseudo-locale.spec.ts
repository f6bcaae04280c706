import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { connect, expect, test } from './fixtures';

/**
 * The pseudo-language (?lang=pseudo: every letter accented, each message in ⟦…⟧ and about 40 %
 * longer; decision 101) over the translated screens at 1280 and 390 px: a word the dashboard says
 * that is still plain English was left out of the catalogs, and a longer language must not be cut
 * off or push the page wider than the screen. What the service sends (addresses, project names,
 * its messages) stays as sent: each page names where that is.
 */

const OUT = resolve(import.meta.dirname, '../../test-results/pseudo-locale');

interface Screen {
  name: string;
  path: string;
  /** Where the page shows what the service sent, as it sent it (CSS selectors). */
  fromTheService: string[];
}

const SCREENS: Screen[] = [
  { name: 'settings', path: '/settings', fromTheService: [] },
  // The rows' addresses and project names are the service's.
  { name: 'reports', path: '/reports', fromTheService: ['a.report-link', 'td[data-label] bdi'] },
];

/** Text nodes with a plain-ASCII word of three letters or more outside the ⟦…⟧ of a message. */
async function plainWords(page: Page, fromTheService: string[]): Promise<string[]> {
  return page.evaluate((skipped) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [hidden], template')) continue;
      if (skipped.some((selector) => parent.closest(selector))) continue;
      // Never translated (the product's name), or said in another language on purpose (each
      // language's name in itself).
      if (parent.closest('[translate="no"]')) continue;
      // Dates and times are Intl's words for the language (decision 101), not messages: in the
      // pseudo-language, English's.
      if (parent.closest('time')) continue;
      const lang = parent.closest('[lang]')?.getAttribute('lang');
      if (lang && lang !== document.documentElement.lang) continue;
      const outside = (node.textContent ?? '').replace(/⟦[^⟧]*⟧/g, ' ');
      if (/[A-Za-z]{3,}/.test(outside)) found.push(outside.trim().slice(0, 120));
    }
    return found;
  }, fromTheService);
}

/** Elements whose text overflows a box that hides it. */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (!element.textContent?.trim() || element.offsetParent === null) continue;
      const style = getComputedStyle(element);
      const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
      if (element.closest('.visually-hidden')) continue;
      // Hidden the same way as .visually-hidden (a 1 px clip: still read by screen readers), or
      // shortened on purpose with an ellipsis (an address the service sent, in full in its link).
      if (style.clipPath === 'inset(50%)' || element.getBoundingClientRect().width <= 1) continue;
      if (style.textOverflow === 'ellipsis') continue;
      if (
        (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1) ||
        (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1)
      )
        found.push(`${element.tagName.toLowerCase()}.${element.className}: ${element.textContent.trim().slice(0, 60)}`);
    }
    return found;
  });
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  for (const screen of SCREENS) {
    test(`${screen.name} in the pseudo-language at ${viewport.width} px: every word extracted, nothing cut off`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await connect(page);
      await page.goto(`${screen.path}?lang=pseudo`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('⟦');
      // Its lazily loaded parts in too.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
      expect(await plainWords(page, screen.fromTheService)).toEqual([]);
      expect(await cutOff(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      mkdirSync(OUT, { recursive: true });
      await page.screenshot({ path: `${OUT}/${screen.name}-${viewport.width}.png`, fullPage: true });
    });
  }
}
