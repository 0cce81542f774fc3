import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
} from '../test/harness';
import type { TestUser } from '../test/harness';

/** Every file under a folder, so a test can tell that a request left nothing behind. */
function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe.each(dialects)('the share target without a service worker, on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let alice: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    alice = await signUpUser(server);
  });
  afterAll(() => disposeTestServer(server));

  const share = (body: FormData | string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/share`, { method: 'POST', body, headers, redirect: 'manual' });

  it('sends shared photos to the app with a 303, keeping none of them', async () => {
    const before = filesUnder(server.dataDir).filter((file) => !file.includes('pinhole.db'));
    const form = new FormData();
    const photo = await makeJpeg(64, 48);
    form.append('photos', new Blob([photo], { type: 'image/jpeg' }), 'one.jpg');
    form.append('photos', new Blob([photo], { type: 'image/jpeg' }), 'two.jpg');
    const response = await share(form, { cookie: alice.cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/?shared=unavailable');
    const after = filesUnder(server.dataDir).filter((file) => !file.includes('pinhole.db'));
    expect(after).toEqual(before);
  });

  it('answers the same to a share sheet with no page behind it, and to any kind of body', async () => {
    // A share is posted by the phone, not from one of our pages: no origin to check.
    const form = new FormData();
    form.append('photos', new Blob(['not a photo'], { type: 'text/plain' }), 'note.txt');
    const fromNowhere = await share(form, { origin: 'null', 'sec-fetch-site': 'none' });
    expect(fromNowhere.status).toBe(303);
    const text = await share('title=Hello&text=World', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(text.status).toBe(303);
    const empty = await share('');
    expect(empty.status).toBe(303);
    expect(empty.headers.get('location')).toBe('/?shared=unavailable');
  });

  it('still refuses a state change from another site elsewhere', async () => {
    const response = await fetch(`${server.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { origin: 'null' },
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
  });
});
