import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeChoiceItems } from './theme-choice';

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
});

function renderMenu() {
  render(
    <DropdownMenu.Root open>
      <DropdownMenu.Content>
        <ThemeChoiceItems itemClassName="" />
      </DropdownMenu.Content>
    </DropdownMenu.Root>,
  );
}

describe('ThemeChoiceItems', () => {
  it('follows the system until Light or Dark is chosen, and keeps the choice on the device', async () => {
    renderMenu();
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toBeChecked();

    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('pinhole:theme')).toBe('dark');

    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');

    await userEvent.click(screen.getByRole('menuitemradio', { name: 'System' }));
    expect(document.documentElement.className).toBe('');
    expect(window.localStorage.getItem('pinhole:theme')).toBeNull();
  });
});
