import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { forgetWorkspaceInMemory, workspaceStore } from '../../src/features/workspace/store';
import { renderApp } from '../helpers/render-app';

/**
 * The branding profile on the settings page: typed, a logo chosen (its bytes looked at, not its
 * name), refused files said in words without losing the logo already chosen, a colour that is not
 * one held back, and what is applied kept on the device across a reload.
 */

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => forgetWorkspaceInMemory());

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const form = () => screen.getByRole('form', { name: 'Branding of printed reports' });

it('keeps the profile typed and the logo chosen, and refuses what is no logo in words', async () => {
  const { user } = renderApp('/settings');
  await screen.findByRole('form', { name: 'Branding of printed reports' });
  const inForm = within(form());
  await user.type(inForm.getByLabelText('Agency name'), 'Northwind Digital');
  await user.upload(inForm.getByLabelText('Logo'), new File([PNG], 'logo.png', { type: 'image/png' }));
  expect(await inForm.findByRole('img', { name: 'The logo chosen' })).toHaveAttribute(
    'src',
    `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`,
  );
  // A file named and typed as an image that is not one: words, and the chosen logo stays.
  await user.upload(inForm.getByLabelText('Logo'), new File(['<html>'], 'fake.png', { type: 'image/png' }));
  expect(await inForm.findByText('fake.png is not a PNG, JPEG, WebP or SVG image.')).toBeInTheDocument();
  expect(inForm.getByLabelText('Logo')).toHaveAccessibleDescription(/fake\.png is not a PNG/);
  expect(inForm.getByRole('img', { name: 'The logo chosen' })).toBeInTheDocument();

  // A colour that is not one is held back, with words on the field; nothing is kept.
  const accent = inForm.getByLabelText('Accent colour');
  await user.clear(accent);
  await user.type(accent, 'blue');
  await user.click(inForm.getByRole('button', { name: 'Apply branding' }));
  expect(await inForm.findByText('Enter the colour as # and six hex digits, for example #1f5fbf.')).toBeInTheDocument();
  expect(workspaceStore().read().workspace.branding).toBeNull();

  await user.clear(accent);
  await user.type(accent, '#FFD700');
  expect(inForm.getByText(/too faint for text\. Its bands print with black text/)).toBeInTheDocument();
  await user.type(within(form()).getByLabelText('Footer line'), 'Confidential');
  await user.click(inForm.getByRole('button', { name: 'Apply branding' }));
  expect(await screen.findByText('Branding saved on this device: printed reports carry it.')).toBeInTheDocument();
  await waitFor(() =>
    expect(workspaceStore().read().workspace.branding).toEqual({
      agencyName: 'Northwind Digital',
      logo: `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`,
      accent: '#ffd700',
      footer: 'Confidential',
      contact: '',
    }),
  );

  // A reload: the device keeps it, and the form shows it.
  cleanup();
  forgetWorkspaceInMemory();
  const reloaded = renderApp('/settings');
  const again = within(await screen.findByRole('form', { name: 'Branding of printed reports' }));
  expect(again.getByLabelText('Agency name')).toHaveValue('Northwind Digital');
  expect(again.getByLabelText('Accent colour')).toHaveValue('#ffd700');
  expect(again.getByRole('img', { name: 'The logo chosen' })).toBeInTheDocument();

  // Removed: reports print unbranded.
  await reloaded.user.click(again.getByRole('button', { name: 'Remove branding' }));
  await waitFor(() => expect(workspaceStore().read().workspace.branding).toBeNull());
  expect(await screen.findByText('Branding removed: reports print unbranded.')).toBeInTheDocument();
});

it('keeps what is typed when the kept branding changes elsewhere, and follows it when nothing is', async () => {
  const { user } = renderApp('/settings');
  const inForm = () => within(form());
  await screen.findByRole('form', { name: 'Branding of printed reports' });
  // What another tab's change does here: the shared record changes under the page.
  const otherTab = (agencyName: string) =>
    act(async () => {
      await workspaceStore().change((draft) => {
        draft.branding = { agencyName, logo: null, accent: '#1f5fbf', footer: '', contact: '' };
      });
    });

  // Nothing typed: the form follows what another tab kept.
  await otherTab('Contoso Agency');
  await waitFor(() => expect(inForm().getByLabelText('Agency name')).toHaveValue('Contoso Agency'));
  expect(screen.queryByRole('button', { name: 'Show the kept branding' })).toBeNull();

  // Typed here, then changed there: the typing stays, and the kept profile is offered.
  await user.clear(inForm().getByLabelText('Agency name'));
  await user.type(inForm().getByLabelText('Agency name'), 'Northwind Digital');
  await otherTab('Fabrikam Studio');
  const show = await screen.findByRole('button', { name: 'Show the kept branding' });
  expect(inForm().getByLabelText('Agency name')).toHaveValue('Northwind Digital');

  // Applied: what was typed is kept, and the offer goes.
  await user.click(inForm().getByRole('button', { name: 'Apply branding' }));
  await waitFor(() => expect(workspaceStore().read().workspace.branding?.agencyName).toBe('Northwind Digital'));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Show the kept branding' })).toBeNull());
  expect(inForm().getByLabelText('Agency name')).toHaveValue('Northwind Digital');
  expect(show).not.toBeInTheDocument();

  // Typed again, changed there again, and this time the kept one is asked for.
  await user.type(inForm().getByLabelText('Footer line'), 'Draft');
  await otherTab('Tailspin Toys');
  await user.click(await screen.findByRole('button', { name: 'Show the kept branding' }));
  await waitFor(() => expect(inForm().getByLabelText('Agency name')).toHaveValue('Tailspin Toys'));
  expect(inForm().getByLabelText('Footer line')).toHaveValue('');
});

it('lists the profile a later one replaced under the form, newest first, not lost', async () => {
  const { user } = renderApp('/settings');
  const inForm = within(await screen.findByRole('form', { name: 'Branding of printed reports' }));
  const typed = inForm.getByLabelText('Agency name');
  await user.clear(typed);
  await user.type(typed, 'Northwind Digital');
  await user.clear(inForm.getByLabelText('Footer line'));
  await user.type(inForm.getByLabelText('Footer line'), 'Confidential');
  await user.click(inForm.getByRole('button', { name: 'Apply branding' }));
  await waitFor(() => expect(workspaceStore().read().workspace.branding?.agencyName).toBe('Northwind Digital'));
  // The form is made again from what was kept.
  await waitFor(() => expect(within(form()).getByLabelText('Agency name')).toHaveValue('Northwind Digital'));

  // Another agency name applied later (here, or by an analyst of the team at the same time).
  const name = within(form()).getByLabelText('Agency name');
  await user.clear(name);
  await user.type(name, 'Contoso Agency');
  await user.click(within(form()).getByRole('button', { name: 'Apply branding' }));
  // Kept first (the field says what was typed at once; on a busy machine the write comes later).
  // The tests before this one applied profiles of their own on this device: listed after it.
  await waitFor(() => expect(workspaceStore().read().workspace.branding?.agencyName).toBe('Contoso Agency'));
  await user.click(await screen.findByText(/^Earlier branding \(\d+\)$/));
  const earlier = screen.getByRole('list', { name: 'Earlier branding profiles' });
  const newest = () => within(earlier).getAllByRole('listitem')[0];
  await waitFor(() =>
    expect(newest()?.firstChild?.textContent).toBe('Northwind Digital, accent #1f5fbf, footer “Confidential”'),
  );
  expect(newest()).toHaveTextContent(/applied .+, replaced .+/);
});
