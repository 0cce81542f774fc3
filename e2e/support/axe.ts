import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core in the page and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // The page's CSP forbids inline script tags, but evaluate() runs through the DevTools protocol.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${label}: ${JSON.stringify(serious, null, 1)}`).toEqual([]);
}

/**
 * Runs axe's `link-in-text-block` rule alone (WCAG 1.4.1: a link in running text must not be
 * told apart by its colour only) and returns how many links it looked at and its violations,
 * so a test can prove the rule had links to check as well as that they pass.
 */
export async function linkInTextBlockResults(
  page: Page,
): Promise<{ checked: number; violations: string[] }> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { nodes: { html: string }[] };
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: Result[]; passes: Result[]; incomplete: Result[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'rule', values: ['link-in-text-block'] },
    });
    const count = (results: Result[]) => results.reduce((sum, r) => sum + r.nodes.length, 0);
    return {
      checked: count(result.violations) + count(result.passes) + count(result.incomplete),
      violations: result.violations.flatMap((r) => r.nodes.map((node) => node.html)),
    };
  });
}
