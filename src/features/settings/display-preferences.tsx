import { useId, useState } from 'react';
import { saveTheme, storedTheme, THEMES, type Theme } from '../../lib/theme';

const THEME_LABELS: Record<Theme, string> = {
  system: 'As the system (light or dark)',
  light: 'Light',
  dark: 'Dark',
};

/** How the dashboard looks on this device: applied at once, remembered here. */
export function DisplayPreferences() {
  const id = useId();
  const [theme, setTheme] = useState(storedTheme);
  return (
    <section className="form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Display on this device</h2>
      <div className="field">
        <label htmlFor={`${id}-theme`}>Theme</label>
        <select
          id={`${id}-theme`}
          value={theme}
          onChange={(event) => {
            const next = THEMES.find((t) => t === event.target.value) ?? 'system';
            setTheme(next);
            saveTheme(next);
          }}
        >
          {THEMES.map((t) => (
            <option key={t} value={t}>
              {THEME_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
