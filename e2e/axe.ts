import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { settled } from './settled.ts';

/** axe-core (from the npm registry) run inside the page: serious or critical WCAG 2.x A/AA violations of `path`. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

export async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  // Islands render part of what is checked: wait until the page has settled.
  await settled(page);
  return seriousViolationsHere(page, path);
}

/** The same on the page as it is now (a form filled in, a dialog open), reported under `label`. */
export async function seriousViolationsHere(page: Page, label: string): Promise<string[]> {
  const path = label;
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (...a: unknown[]) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations as Violation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
