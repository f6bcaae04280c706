import { act, render, screen } from '@testing-library/react';
import { useLingui } from '@lingui/react/macro';
import type { CatalogName } from '../../../src/lib/i18n/catalogs';
import { i18n } from '../../../src/lib/i18n/i18n';
import { catalog } from '../../../src/lib/i18n/switch-language';
import { useCatalog } from '../../../src/lib/i18n/use-catalog';

/**
 * A part whose code has just come renders for the first time and asks for its catalog. Its English
 * (in its code) must be in the app's instance before that render: Lingui tells every component that
 * speaks of each load, and one told while another renders is an update React refuses ("Cannot
 * update a component while rendering a different component"), seen when a part came during a
 * change of language (the jobs in German, then French, on a busy machine).
 */
const LATE = 'late-part' as CatalogName;
const lateCatalog = catalog(
  LATE,
  { 'late.hello': 'Hello from later' },
  { './locales/de/late-part.po': () => Promise.resolve({ messages: { 'late.hello': 'Hallo von später' } }) },
);

function SaysLocale() {
  const { i18n: shown } = useLingui();
  return <p>Shown in {shown.locale}</p>;
}

function LatePart() {
  useCatalog(lateCatalog);
  const { i18n: shown } = useLingui();
  return <p>{shown._('late.hello')}</p>;
}

afterEach(() => act(() => i18n.activate('en')));

it('loads a part’s English with its code, so that its first render tells no other component', async () => {
  const { rerender } = render(<SaysLocale />);
  expect(screen.getByText('Shown in en')).toBeInTheDocument();

  // A change of locale the speaking component has not rendered yet, and in the same pass the late
  // part's first render: nothing may be told to the first while the second renders.
  await act(async () => {
    i18n.load('de', {});
    i18n.activate('de');
    rerender(
      <>
        <SaysLocale />
        <LatePart />
      </>,
    );
  });

  expect(screen.getByText('Shown in de')).toBeInTheDocument();
  // The part waited for its German words, then said them.
  expect(await screen.findByText('Hallo von später')).toBeInTheDocument();
});
