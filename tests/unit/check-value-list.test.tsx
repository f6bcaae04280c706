import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckValue } from '../../src/features/report-page/components/check-item';

describe('a check value that is a list', () => {
  it('shows eight items, folds the rest behind "N more", and keeps each one inert text', async () => {
    const items = Array.from({ length: 10 }, (_, i) => (i === 9 ? '<img src=x onerror=alert(1)>' : `/page-${i}`));
    const { container } = render(<CheckValue view={{ kind: 'list', items }} />);
    const [shown, folded] = container.querySelectorAll('ul');
    expect(within(shown as HTMLElement).getAllByRole('listitem')).toHaveLength(8);
    expect(folded?.closest('[hidden]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '2 more' }));
    expect(folded?.closest('[hidden]')).toBeNull();
    expect(within(folded as HTMLElement).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});
