import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The settings page in German and Russian (issue 39), wide and narrow, with its parts from other
 * folders (the team, what is kept on this device, the workspace as a file) showing their longer
 * words, errors and counts: screenshots in test-results/settings-language/ to look at, and no
 * text wider than the window.
 */

const SHOTS = 'test-results/settings-language';
const PROJECT = 'docs.contoso.com';

const LANGUAGES = [
  {
    locale: 'de-DE',
    name: 'de',
    kept: 'Auf diesem Gerät gespeichert',
    file: 'Ihr Arbeitsbereich als Datei',
    team: 'Team',
    join: 'Beitreten',
    joinError: 'Geben Sie die Adresse des Synchronisierungsservers ein.',
    audits: 'Aufbewahrte Audits',
    count: '1 Projekt',
  },
  {
    locale: 'ru-RU',
    name: 'ru',
    kept: 'Хранится на этом устройстве',
    file: 'Ваше рабочее пространство в файле',
    team: 'Команда',
    join: 'Присоединиться',
    joinError: 'Введите адрес сервера синхронизации.',
    audits: 'Сохранённые аудиты',
    count: '1 проект',
  },
] as const;

const WIDTHS = [1280, 390] as const;

async function noWiderThanTheWindow(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

for (const language of LANGUAGES) {
  test.describe(`in ${language.name}`, () => {
    test.use({ locale: language.locale });

    for (const width of WIDTHS) {
      test(`the settings page's parts at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        // A project's audit, kept on this device (the demo service), for the figures' counts.
        await page.goto(`/projects/${PROJECT}`);
        await expect(page.getByRole('table').first()).toBeVisible();
        await page.goto('/settings');

        const kept = page.getByRole('region', { name: language.kept });
        const audits = kept.getByRole('row', { name: new RegExp(`^${language.audits}`) });
        await expect(audits.getByRole('cell').first()).toHaveText(language.count);
        const file = page.getByRole('region', { name: language.file });
        await expect(file).toBeVisible();

        // The team's words for what is missing, and a file that is not a workspace's.
        await page.getByRole('button', { name: language.join, exact: true }).click();
        await expect(page.getByText(language.joinError)).toBeVisible();
        await file.locator('input[type=file]').setInputFiles({
          name: 'not-a-workspace-file-with-a-rather-long-name.json',
          mimeType: 'application/json',
          buffer: Buffer.from('{"reports": []}'),
        });
        await expect(file.getByRole('alert')).toBeVisible();

        await noWiderThanTheWindow(page, width);
        // From the top, where the table's sticky head is in its place, not over rows further down.
        await page.evaluate(() => scrollTo(0, 0));
        const shot = `${SHOTS}/settings-${language.name}-${width}`;
        await page.screenshot({ path: `${shot}.png`, fullPage: true });
        // Each part apart too, the whole page being too tall to read at a glance: clipped from the
        // whole page, since an element's own screenshot scrolls to it.
        const team = page.getByRole('form', { name: language.team });
        for (const [name, part] of [
          ['team', team],
          ['kept', kept],
          ['file', file],
        ] as const) {
          const clip = await part.evaluate((element) => {
            const box = element.getBoundingClientRect();
            // The whole width of the page: what runs past the part's edge shows.
            return { x: 0, y: box.y + scrollY, width: document.documentElement.clientWidth, height: box.height };
          });
          await page.screenshot({ path: `${shot}-${name}.png`, fullPage: true, clip });
        }
      });
    }
  });
}
