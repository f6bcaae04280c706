import { screen, within } from '@testing-library/react';
import { renderApp } from '../helpers/render-app';

it('smoke', async () => {
  const { listRequests } = renderApp('/reports');
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('row')).toHaveLength(11);
  expect(listRequests('reports')[0]?.toString()).toBe('');
});
