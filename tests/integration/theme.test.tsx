import { screen, waitFor } from '@testing-library/react';
import { applySavedTheme } from '../../src/lib/saved-theme';
import { renderApp } from '../helpers/render-app';

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('theme', () => {
  it('follows the system by default; a chosen theme applies at once and is remembered on this device', async () => {
    applySavedTheme();
    expect(document.documentElement).not.toHaveAttribute('data-theme');
    const { user } = renderApp('/settings');
    const select = await screen.findByRole('combobox', { name: 'Theme' }, { timeout: 10_000 });
    expect(select).toHaveValue('system');
    await user.selectOptions(select, 'Dark');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    // The next visit starts dark before anything renders.
    delete document.documentElement.dataset.theme;
    applySavedTheme();
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    await user.selectOptions(select, 'As the system (light or dark)');
    await waitFor(() => expect(document.documentElement).not.toHaveAttribute('data-theme'));
    applySavedTheme();
    expect(document.documentElement).not.toHaveAttribute('data-theme');
  });
});
