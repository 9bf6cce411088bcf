import { seriousViolations } from '../support/accessibility';
import { signInToConsole } from '../support/journeys';
import { expect, test } from '../support/platform';

test('every console screen an admin opens has no serious axe finding, at 1280 pixels and on a tablet', async ({
  page,
  operator,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToConsole(page, await operator.createStaff('admin'), 'an accessible passphrase of mine');
  const sections = await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('data-testid') ?? ''));
  expect(sections.length).toBeGreaterThan(10);

  const findings: Record<string, unknown> = {};
  for (const section of sections) {
    await page.getByTestId(section).click();
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    const serious = await seriousViolations(page);
    if (serious.length > 0) findings[section] = serious;
  }
  expect(findings).toEqual({});

  // A tablet held upright: the page itself never scrolls sideways (wide tables scroll in their own box).
  await page.setViewportSize({ width: 768, height: 1024 });
  // Polled: a screen's own stylesheet may arrive a moment after its first paint.
  const overflowOf = () =>
    page.evaluate(() =>
      document.documentElement.scrollWidth > window.innerWidth + 1
        ? Array.from(document.querySelectorAll<HTMLElement>('body *'))
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 3)
            .map((element) => `${element.tagName}.${element.className}`)
            .join(', ')
        : '',
    );
  for (const section of sections) {
    await page.getByTestId(section).click();
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect.poll(overflowOf, { message: `${section} scrolls sideways` }).toBe('');
  }
});
