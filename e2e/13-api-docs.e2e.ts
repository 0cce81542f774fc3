import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, openPage } from './support/browser';

afterAll(closeBrowser);

describe('the API reference', () => {
  it('renders /api/docs in Chromium under the app CSP, with no violation', async () => {
    const { context, page, errors } = await openPage('api-docs');
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
    // Swagger UI has loaded its scripts, fetched the document and drawn the operations.
    await page.getByText('Pinhole API').first().waitFor();
    await page.getByText('/api/posts/{id}/comments').first().waitFor();
    await page.getByText('Share a post of 1–10 photos').waitFor();
    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    );
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);

    // The listener does see a violation: an inline script is still blocked on this page.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.body.appendChild(script);
    });
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
      )
      .toEqual([expect.stringMatching(/^script-src/)]);
    await context.close();
  });
});
