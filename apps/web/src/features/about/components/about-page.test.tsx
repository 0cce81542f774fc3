import type { Instance } from '@pinhole/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithQuery } from '@/testing/render';
import { AboutPage } from './about-page';

const instance: Instance = {
  signups: 'open',
  name: 'Lakeside Photos',
  description: 'Photos of lakes,\nand the hills around them.',
  rules: ['Be kind', 'Your own photos only'],
  contact_email: 'admin@lakeside.example',
  stats: { users: 1, posts: 1234 },
  mail: true,
  video: false,
};

describe('the /about page', () => {
  it("shows the instance's name, description, rules in order, contact and numbers", async () => {
    mockApi({ 'GET /api/instance': instance });
    renderWithQuery(<AboutPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lakeside Photos' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Photos of lakes,/)).toHaveTextContent(
      'Photos of lakes, and the hills around them.',
    );
    const rules = screen.getByRole('region', { name: 'Rules' });
    const list = within(rules).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Be kind', 'Your own photos only']);
    expect(screen.getByRole('link', { name: 'admin@lakeside.example' })).toHaveAttribute(
      'href',
      'mailto:admin@lakeside.example',
    );
    expect(screen.getByTestId('about-stats')).toHaveTextContent(/^1 person · 1,234 posts$/);
  });

  it('says so when there are no rules and no contact yet', async () => {
    mockApi({
      'GET /api/instance': { ...instance, rules: [], contact_email: '', description: '' },
    });
    renderWithQuery(<AboutPage />);
    expect(await screen.findByText('This instance has not written any rules.')).toBeInTheDocument();
    expect(screen.getByText('No contact address has been given.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
