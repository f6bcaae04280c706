import { useId, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_STALE_DAYS, saveDisplayPrefs, useDisplayPrefs } from '../../lib/display-prefs';
import { saveTheme, storedTheme, THEMES, type Theme } from '../../lib/theme';

const THEME_LABELS: Record<Theme, MessageDescriptor> = {
  system: msg`As the system (light or dark)`,
  light: msg({ message: 'Light', comment: 'A theme' }),
  dark: msg({ message: 'Dark', comment: 'A theme' }),
};

/** How the dashboard looks on this device: applied at once, remembered here. */
export function DisplayPreferences() {
  const id = useId();
  const { t } = useLingui();
  const [theme, setTheme] = useState(storedTheme);
  const prefs = useDisplayPrefs();
  const [days, setDays] = useState(String(prefs.staleDays));
  return (
    <section className="form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t`Display on this device`}</h2>
      <div className="field">
        <label htmlFor={`${id}-theme`}>{t`Theme`}</label>
        <select
          id={`${id}-theme`}
          value={theme}
          onChange={(event) => {
            const next = THEMES.find((option) => option === event.target.value) ?? 'system';
            setTheme(next);
            saveTheme(next);
          }}
        >
          {THEMES.map((option) => (
            <option key={option} value={option}>
              {t(THEME_LABELS[option])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-dates`}>{t`Dates`}</label>
        <select
          id={`${id}-dates`}
          value={prefs.dates}
          onChange={(event) => saveDisplayPrefs({ dates: event.target.value === 'exact' ? 'exact' : 'relative' })}
        >
          <option value="relative">{t`Relative (3 days ago)`}</option>
          <option value="exact">{t`Exact date and time`}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-stale`}>{t`A report is stale after (days)`}</label>
        <input
          id={`${id}-stale`}
          type="number"
          inputMode="numeric"
          min={1}
          max={3650}
          value={days}
          aria-describedby={`${id}-stale-hint`}
          onChange={(event) => {
            setDays(event.target.value);
            const value = Number(event.target.value);
            if (Number.isInteger(value) && value >= 1 && value <= 3650) saveDisplayPrefs({ staleDays: value });
          }}
        />
        <p className="field__hint" id={`${id}-stale-hint`}>
          {t({
            message: `${DEFAULT_STALE_DAYS} by default. The service cannot filter reports by date: “Stale first” on the reports page sorts them by generation date, oldest first, so the stale ones come first.`,
            comment: '“Stale first” is the name of a sort order on the reports page',
          })}
        </p>
      </div>
    </section>
  );
}
