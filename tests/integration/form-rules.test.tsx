import { screen } from '@testing-library/react';
import { renderApp } from '../helpers/render-app';

// The forms' rules (react-hook-form's own validation, decision 0050): what is typed is checked and
// sent trimmed, and a report that already has a password keeps it when the field is left empty.
it('privacy: a report that already has a password can be set to "password" with the field left empty', async () => {
  const { user, requests, simulator } = renderApp('/reports/3');
  simulator.store.update(3, { privacy: 0, password: true });
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  await user.click(screen.getByRole('button', { name: /^Privacy: / }));
  await screen.findByRole('button', { name: 'Save privacy' }, { timeout: 15_000 });
  await user.click(screen.getByRole('radio', { name: /^Password/ }));
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
    expect.stringContaining('Leave this empty to keep it'),
  );
  await user.click(screen.getByRole('button', { name: 'Save privacy' }));
  expect(await screen.findByText('Privacy saved.')).toBeInTheDocument();
  expect(Object.fromEntries(new URLSearchParams(requests.find((r) => r.method === 'PATCH')?.body))).toEqual({
    privacy: '2',
  });
}, 60_000);

it('new report: spaces only is empty; spaces around are trimmed', async () => {
  const { user, requests } = renderApp('/reports/new');
  await screen.findByRole('heading', { level: 1, name: 'New report' }, { timeout: 5000 });
  const url = screen.getByLabelText('Page URL');
  await user.type(url, '   ');
  await user.click(screen.getByRole('button', { name: 'Analyse page' }));
  expect(url).toHaveAccessibleDescription(expect.stringContaining('Enter the address of the page to analyse.'));
  await user.type(url, 'example.com  ');
  await user.click(screen.getByRole('button', { name: 'Analyse page' }));
  await screen.findByRole('heading', { level: 1, name: 'Report for example.com' }, { timeout: 5000 });
  const post = requests.find((r) => r.method === 'POST');
  expect(Object.fromEntries(new URLSearchParams(post?.body))).toEqual({ url: 'https://example.com', privacy: '0' });
});
