import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { createWorkspaceStore, forgetWorkspaceInMemory, workspaceStore } from '../../src/features/workspace/store';
import { DEFAULT_WATCH } from '../../src/features/workspace/model';
import { renderApp } from '../helpers/render-app';

/** Reading and aggregating a project takes a few steps; this machine may be busy. */
const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });
const PROJECT = 'docs.contoso.com';

afterEach(() => {
  act(() => forgetInMemory());
  forgetWorkspaceInMemory();
});

const form = () => screen.getByRole('form', { name: 'Watch and re-analyse' });
const target = () => within(form()).getByLabelText('Target health');

describe("a project's watch form", () => {
  it('keeps what was saved on screen from the save on, and follows another tab while nothing is typed', async () => {
    const { user } = renderApp(`/projects/${PROJECT}/watch`);
    await screen.findByRole('form', { name: 'Watch and re-analyse' }, READ);
    await user.clear(target());
    await user.type(target(), '80');

    // Every value written into the field from the save on (the form's reset writes `value`):
    // never the one it replaced.
    const written: string[] = [];
    const input = target() as HTMLInputElement;
    const own = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    Object.defineProperty(input, 'value', {
      configurable: true,
      get: () => own.get!.call(input) as string,
      set: (value: string) => {
        written.push(String(value));
        own.set!.call(input, value);
      },
    });
    await user.click(within(form()).getByRole('button', { name: /^Save/ }));
    await within(form()).findByText(/^Saved on this device/);
    await waitFor(() => expect(workspaceStore().read().workspace.projects[0]?.watch.target).toBe(80));
    // The deferred value the rest of the page reads has caught up by now.
    await act(() => new Promise((done) => setTimeout(done, 200)));
    expect(target()).toHaveValue('80');
    expect(written.filter((value) => value !== '80')).toEqual([]);

    // Nothing typed since: another tab's change shows here.
    const otherTab = createWorkspaceStore();
    await act(() => otherTab.ready);
    await act(() =>
      otherTab.change((draft) => {
        draft.projects = [{ project: PROJECT, watch: { ...DEFAULT_WATCH, target: 70 }, plan: null }];
      }),
    );
    await waitFor(() => expect(target()).toHaveValue('70'));
    otherTab.close();
  });
});
