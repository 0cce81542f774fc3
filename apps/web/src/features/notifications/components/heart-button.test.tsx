import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HeartButton } from './heart-button';

function renderHeart(count: number) {
  const onClick = vi.fn();
  render(<HeartButton count={count} active={false} onClick={onClick} />);
  return { onClick };
}

describe('HeartButton', () => {
  it('with nothing unread: no badge, named Notifications', async () => {
    const { onClick } = renderHeart(0);
    const heart = screen.getByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    await userEvent.click(heart);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('shows the unread count on a badge, and says it in its name', () => {
    renderHeart(3);
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent(/^3$/);
  });

  it('caps the badge at 9+, while the name keeps the exact count', () => {
    const { rerender } = render(<HeartButton count={9} active={false} onClick={() => {}} />);
    expect(screen.getByTestId('unread-badge')).toHaveTextContent(/^9$/);
    rerender(<HeartButton count={12} active={false} onClick={() => {}} />);
    expect(screen.getByTestId('unread-badge')).toHaveTextContent(/^9\+$/);
    expect(screen.getByRole('button', { name: 'Notifications, 12 unread' })).toBeInTheDocument();
  });
});
