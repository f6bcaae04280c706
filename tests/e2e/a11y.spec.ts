import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { connect, expect, listRows, publicReportRows, reportLinkIn, simulator, test } from './fixtures';

/**
 * axe on every page and every dialog, light and dark, desktop and phone width: no serious or
 * critical violation anywhere. Each audit runs once the page shows its data, so that what is
 * checked is what a person reads, not a loading skeleton.
 */

const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

async function audit(page: Page, where: string, found: string[]) {
  // Wait for CSS transitions (the dialog's backdrop, the list's fade) to settle before measuring contrast.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {}))),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const targets = violation.nodes.map(
      (node) => `${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`,
    );
    found.push(`${where}: ${violation.id} [${violation.impact}] ${violation.help}\n    ${targets.join('\n    ')}`);
  }
}

for (const scheme of ['light', 'dark'] as const) {
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${scheme}, ${width}`, () => {
      test.use({ viewport, colorScheme: scheme });

      test('every page and dialog has no serious or critical axe violation', async ({ page }) => {
        // Many pages, each audited by axe: on a busy machine this takes more than a minute.
        test.setTimeout(180_000);
        const found: string[] = [];
        await connect(page);

        await page.goto('/reports');
        await expect(listRows(page)).toHaveCount(10);
        await audit(page, 'reports list', found);

        // A public report, so that choosing "Password" below is a change.
        await reportLinkIn(publicReportRows(page).first()).click();
        await expect(page.getByRole('heading', { level: 1, name: /^Report for/ })).toBeVisible();
        await expect(page.getByRole('heading', { name: /^Top issues/, level: 2 })).toBeVisible();
        await page.getByRole('region', { name: 'Runs of this page' }).scrollIntoViewIfNeeded();
        await expect(page.getByRole('region', { name: 'Runs of this page' }).getByRole('status')).toHaveCount(0);
        await audit(page, 'report page', found);
        // Privacy, edited in place, and the passed checks of a group, unfolded.
        await page.getByRole('button', { name: /^Privacy: / }).click();
        await expect(page.getByRole('heading', { name: 'Privacy', level: 2 })).toBeVisible();
        await page.getByRole('button', { name: /^Show \d+ passed SEO checks$/ }).click();
        await audit(page, 'report page, privacy and passed checks open', found);

        // On a phone the secondary actions are folded under "More actions".
        const more = page.getByRole('button', { name: /^More actions/ });
        if (await more.isVisible()) {
          await more.click();
          await audit(page, 'report page, more actions open', found);
        }
        await page.getByRole('button', { name: 'Delete report' }).click();
        const deleteReport = page.getByRole('dialog', { name: 'Delete this report?' });
        await expect(deleteReport).toBeVisible();
        await audit(page, 'delete report dialog', found);
        await deleteReport.getByRole('button', { name: 'Cancel' }).click();
        await expect(deleteReport).toBeHidden();

        // The unsaved-changes prompt: a privacy change, then a link away.
        await page.getByRole('radio', { name: /^Password/ }).check();
        await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
        await page.getByRole('link', { name: '← All reports' }).click();
        const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
        await expect(leave).toBeVisible();
        await audit(page, 'unsaved changes dialog', found);
        await leave.getByRole('button', { name: 'Leave without saving' }).click();
        await expect(page).toHaveURL(/\/reports$/);

        await page.getByRole('link', { name: 'New report' }).click();
        await expect(page.getByRole('heading', { name: 'New report' })).toBeVisible();
        await audit(page, 'new report', found);
        await page.getByLabel('Page URL').fill('javascript:alert(1)');
        await page.getByRole('radio', { name: /^Password/ }).check();
        await page.getByRole('button', { name: 'Analyse page' }).click();
        await expect(page.getByText(/Only http and https addresses can be analysed/)).toBeVisible();
        await expect(page.getByText('Enter a password, or choose another privacy setting.')).toBeVisible();
        await audit(page, 'new report with errors', found);

        // What was typed would be lost: the app asks first.
        await page.getByRole('link', { name: 'Projects', exact: true }).click();
        const leaveForm = page.getByRole('dialog', { name: 'Leave without saving?' });
        await expect(leaveForm).toBeVisible();
        await audit(page, 'unsaved changes dialog (new report)', found);
        await leaveForm.getByRole('button', { name: 'Leave without saving' }).click();
        await expect(listRows(page).first()).toBeVisible();
        await audit(page, 'projects list', found);

        await page.goto('/projects/shop.fourthcoffee.com');
        await expect(page.getByRole('list', { name: 'Pages by result (latest run of each)' })).toBeVisible();
        await expect(
          page.getByRole('table', { name: 'Issues of shop.fourthcoffee.com, highest impact first' }),
        ).toBeVisible();
        await audit(page, 'project page', found);

        await page
          .getByRole('navigation', { name: 'Parts of the project' })
          .getByRole('link', { name: 'Pages' })
          .click();
        await expect(listRows(page, /^Reports of shop\.fourthcoffee\.com, page/).first()).toBeVisible();
        await audit(page, 'project page: pages', found);

        await page
          .getByRole('navigation', { name: 'Parts of the project' })
          .getByRole('link', { name: 'Manage project' })
          .click();
        await page.getByRole('button', { name: 'Delete project' }).click();
        const deleteProject = page.getByRole('dialog', { name: 'Delete project shop.fourthcoffee.com?' });
        await expect(deleteProject).toBeVisible();
        await deleteProject.getByRole('textbox').fill('shop.fourth');
        await audit(page, 'delete project dialog', found);
        await deleteProject.getByRole('button', { name: 'Cancel' }).click();

        await page.getByRole('link', { name: 'Settings' }).click();
        await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
        await page.getByRole('button', { name: 'Test connection' }).click();
        await expect(page.getByText(/The connection works/)).toBeVisible();
        await audit(page, 'settings', found);

        await page.goto('/no/such/page');
        await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
        await audit(page, 'not found', found);

        await page.goto('/reports/999999');
        await expect(page.getByRole('heading', { name: 'Report not found' })).toBeVisible();
        await audit(page, 'report not found', found);

        expect(found, found.join('\n')).toEqual([]);
      });

      test('the bulk bar with rows selected and the job tray with a running job have no serious or critical axe violation', async ({
        page,
      }) => {
        const found: string[] = [];
        await connect(page);
        await page.goto('/reports');
        await expect(listRows(page)).toHaveCount(10);
        await expect(page.getByText('No reports selected.')).toBeVisible();
        for (const index of [0, 1, 2]) await listRows(page).nth(index).getByRole('checkbox').check();
        await expect(page.getByText('3 reports selected.')).toBeVisible();
        await expect(page.getByRole('group', { name: 'Actions on the selected reports' })).toBeVisible();
        await page.getByText('Export', { exact: true }).click();
        await expect(page.getByRole('button', { name: /^Export \d+ reports$/ })).toBeVisible();
        await audit(page, 'reports list, 3 rows selected, export open', found);

        // Slow answers keep the job running while axe looks at the tray.
        await simulator.config({ latencyMs: 4000 });
        await page.getByRole('button', { name: 'Analyse again' }).click();
        const dialog = page.getByRole('dialog', { name: 'Analyse 3 pages again?' });
        await expect(dialog).toBeVisible();
        await audit(page, 'analyse again dialog', found);
        await dialog.getByRole('button', { name: 'Analyse again' }).click();
        const tray = page.getByRole('region', { name: /Background jobs/ });
        await expect(tray.getByRole('heading', { name: /\(1 running\)/ })).toBeVisible();
        // On a phone it runs folded to one line (decision 68): both ways are looked at there.
        const show = tray.getByRole('button', { name: 'Show background jobs' });
        if (await show.isVisible()) {
          await audit(page, 'job tray folded with a running job', found);
          await show.click();
        }
        await expect(tray.getByRole('progressbar', { name: 'Analyse 3 reports again' })).toBeVisible();
        await audit(page, 'job tray with a running job', found);
        expect(found, found.join('\n')).toEqual([]);
      });

      test('the demo (banner and list) has no serious or critical axe violation', async ({ page }) => {
        const found: string[] = [];
        await page.goto('/reports');
        await expect(page.getByRole('note', { name: 'Demo data' })).toBeVisible();
        await expect(listRows(page)).toHaveCount(10);
        await audit(page, 'demo reports list', found);
        expect(found, found.join('\n')).toEqual([]);
      });
    });
  }
}

/**
 * The theme chosen on the settings page against the system's (dark on a light system, light on a
 * dark one), with what issue 16 added: the project combobox open, the shortcuts dialog, saved
 * views (one broken) in the navigation and on the settings page.
 */
for (const [system, chosen] of [
  ['light', 'dark'],
  ['dark', 'light'],
] as const) {
  test.describe(`${chosen} chosen on a ${system} system`, () => {
    test.use({ viewport: VIEWPORTS.desktop, colorScheme: system });

    test('the lists, the combobox, the shortcuts and saved views have no serious or critical axe violation', async ({
      page,
    }) => {
      const found: string[] = [];
      await connect(page);
      await page.evaluate((theme) => {
        localStorage.setItem('seo-dashboard:theme', theme);
        localStorage.setItem(
          'seo-dashboard:saved-views',
          JSON.stringify([
            { id: 'a', name: 'Bad pages', href: '/reports?result=bad' },
            { id: 'b', name: 'Old filter', href: '/reports?result=great' },
          ]),
        );
      }, chosen);
      await page.goto('/reports');
      await expect(page.locator('html')).toHaveAttribute('data-theme', chosen);
      await expect(listRows(page)).toHaveCount(10);
      await expect(page.getByRole('navigation', { name: 'Saved views' })).toBeVisible();
      await audit(page, 'reports list', found);

      await page.getByRole('combobox', { name: 'Project' }).fill('co');
      await expect(page.getByRole('listbox', { name: 'Projects' }).getByRole('option').first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await audit(page, 'project combobox open', found);
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Project' }).fill('nosuchproject');
      await page.keyboard.press('Enter');
      await expect(page.getByText(/No project is named/)).toBeVisible();
      await audit(page, 'no such project', found);

      await page.getByRole('heading', { level: 1, name: 'Reports' }).click();
      await expect(async () => {
        await page.keyboard.press('?');
        await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible({ timeout: 500 });
      }).toPass();
      await audit(page, 'shortcuts dialog', found);
      await page.keyboard.press('Escape');

      await page.goto('/settings');
      await expect(page.getByRole('region', { name: 'Saved views' })).toBeVisible();
      await expect(page.getByText(/Cannot be opened/)).toBeVisible();
      await audit(page, 'settings with saved views', found);

      await page.goto('/projects');
      await expect(listRows(page).first()).toBeVisible();
      await audit(page, 'projects list', found);

      expect(found, found.join('\n')).toEqual([]);
    });
  });
}

test('while the next page loads, the progress bar is there for assistive technology too', async ({ page }) => {
  await connect(page);
  await page.goto('/reports');
  await expect(listRows(page)).toHaveCount(10);
  const loading = page.getByRole('progressbar', { name: 'Loading the page' });
  await expect(loading).toHaveCount(0);
  // The next page's code is slow to arrive (the loaders do not wait for data, only for code).
  await page.route(/\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(loading).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(loading).toHaveCount(0);
});
