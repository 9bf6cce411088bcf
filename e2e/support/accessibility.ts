import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's serious and critical findings, with the elements they point at. Only violations are gathered
 * (not the passes), which makes a long page's analysis several times quicker.
 */
export const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
};
