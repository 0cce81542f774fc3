import { describe, expect, it } from 'vitest';
import { refusedEndpoint } from './push-endpoint';

describe('refusedEndpoint', () => {
  it.each([
    ['http://push.example.com/x', 'Must be https'],
    ['ftp://push.example.com/x', 'Must be https'],
    ['https://127.0.0.1/x', 'Must not be a private address'],
    ['https://10.1.2.3/x', 'Must not be a private address'],
    ['https://192.168.0.10/x', 'Must not be a private address'],
    ['https://169.254.169.254/latest', 'Must not be a private address'],
    ['https://[::1]/x', 'Must not be a private address'],
    ['https://[::ffff:127.0.0.1]/x', 'Must not be a private address'],
    ['https://localhost/x', 'Must not be a private address'],
    ['not a url', 'Must be a URL'],
  ])('refuses %s', async (endpoint, reason) => {
    expect(await refusedEndpoint(endpoint, false)).toBe(reason);
  });

  it('accepts public addresses, and private ones only under the test switch', async () => {
    expect(await refusedEndpoint('https://8.8.8.8/push', false)).toBeNull();
    expect(await refusedEndpoint('https://127.0.0.1:4443/push', true)).toBeNull();
  });
});
