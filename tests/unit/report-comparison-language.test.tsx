import { act, render, screen, within } from '@testing-library/react';
import type { Check } from '../../src/api';
import { comparisonCatalog, ReportComparison } from '../../src/components/report-comparison';
import { checksCatalog } from '../../src/lib/check-catalog';
import { switchLanguage } from '../../src/lib/i18n/switch-language';

/**
 * Two runs or two reports compared, in the analyst's language (issue 39): the score line, the
 * counts, the headers and every row's words; the sides' labels as the caller gave them.
 */
const check = (name: string, passed: boolean, value: unknown): Check => ({
  name,
  passed,
  importance: 'high',
  value,
  errors: {},
});

const earlier = {
  label: '3. Okt. 2026',
  report: { score: 61, checks: [check('title', false, ''), check('meta_description', true, 'Shop')] },
};
const later = {
  label: '28. Nov. 2026',
  report: { score: 74, checks: [check('title', true, 'Home'), check('meta_description', false, '')] },
};

async function inLanguage(locale: 'de' | 'ru') {
  await act(() => switchLanguage(locale));
  await act(async () => {
    await Promise.all([comparisonCatalog(), checksCatalog()]);
  });
}

afterEach(async () => {
  await act(() => switchLanguage('en'));
});

it('says two runs compared in German', async () => {
  await inLanguage('de');
  render(<ReportComparison earlier={earlier} later={later} />);
  expect(screen.getByText(/Score 61 → 74/).textContent?.replace(/\s+/g, ' ')).toBe(
    'Score 61 → 74 (+13) · Behoben: 1, neu fehlgeschlagen: 1, anderer Wert: 0, unverändert: 0.',
  );
  const table = screen.getByRole('table', { name: 'Geänderte Prüfungen, von 3. Okt. 2026 bis 28. Nov. 2026' });
  expect(within(table).getByRole('columnheader', { name: 'Vorher (3. Okt. 2026)' })).toBeInTheDocument();
  expect(within(table).getByRole('columnheader', { name: 'Veränderung' })).toBeInTheDocument();
  const fixed = within(table).getByRole('row', { name: /^Titel/ });
  expect(within(fixed).getByText('Behoben')).toBeInTheDocument();
  expect(within(fixed).getByText(/^Bestanden: /)).toBeInTheDocument();
  expect(within(fixed).getByText(/^Fehlgeschlagen: /)).toBeInTheDocument();
});

it('says two reports side by side in Russian', async () => {
  await inLanguage('ru');
  render(<ReportComparison earlier={{ ...earlier, label: 'A' }} later={{ ...later, label: 'B' }} mode="reports" />);
  expect(screen.getByRole('table', { name: 'Все проверки в A и B, сначала различия' })).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: 'Разница' })).toBeInTheDocument();
  expect(screen.getByText('Не проходит только в A')).toBeInTheDocument();
  expect(screen.getByText('Не проходит только в B')).toBeInTheDocument();
});
