import type { Instance } from '@pinhole/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderWithQuery } from '@/testing/render';
import { InstancePanel } from './instance-panel';

const instance: Instance = {
  signups: 'open',
  name: 'Pinhole',
  description: '',
  rules: [],
  contact_email: '',
  stats: { users: 2, posts: 0 },
  mail: true,
  video: false,
};

describe("the admin's editor of /about", () => {
  it('starts from what /about shows and sends every field, rules one a line', async () => {
    const fetchMock = mockApi({
      'GET /api/instance': instance,
      'PUT /api/admin/instance': ({ body }: { body: Partial<Instance> }) =>
        json({ ...instance, ...body }),
    });
    const user = userEvent.setup();
    renderWithQuery(<InstancePanel />);
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Pinhole');
    await user.clear(name);
    await user.type(name, 'Lakeside');
    await user.type(screen.getByLabelText('Description'), 'Photos of lakes.');
    await user.type(screen.getByLabelText(/^Rules/), 'Be kind{Enter}{Enter}  Your own photos  ');
    await user.type(screen.getByLabelText('Contact email'), 'admin@lakeside.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(sentJson(fetchMock, 'PUT', '/api/admin/instance')).toEqual({
      name: 'Lakeside',
      description: 'Photos of lakes.',
      rules: ['Be kind', 'Your own photos'],
      contact_email: 'admin@lakeside.example',
    });
  });

  it('names what is wrong before sending, and shows what the server refuses', async () => {
    const fetchMock = mockApi({
      'GET /api/instance': instance,
      'PUT /api/admin/instance': json(
        { error: { code: 'validation_error', message: 'Name is required' } },
        400,
      ),
    });
    const user = userEvent.setup();
    renderWithQuery(<InstancePanel />);
    await user.type(await screen.findByLabelText('Contact email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address',
    );
    expect(callsTo(fetchMock, 'PUT', '/api/admin/instance')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Contact email'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/admin/instance')).toHaveLength(1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required');
  });
});
