import { randomUUID } from 'node:crypto';
import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

test('a guest sees the promotions and their details, is asked to log in to claim, and a new member claims the sign-up bonus', async ({
  page,
  operator,
}) => {
  // A promotion of its own beside the demo ones, so the journey knows its words and terms.
  const title = `Journey welcome ${randomUUID().slice(0, 6)}`;
  const created = await operator.call('POST', '/wps/backoffice/promotions', {
    category: 'welcome',
    status: 'draft',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    content: {
      en: {
        title,
        summary: 'A bonus for new players',
        terms: '<p>Wager it <strong>5 times</strong>.</p><script>document.title = "hacked"</script>',
      },
    },
    imageUploadId: null,
    claimLimit: 1,
    eligibility: {},
    config: {
      kind: 'signup',
      amount: '7',
      wagering: { multiplier: 5, base: 'bonus', contributions: {}, maxStake: '0', expiresInDays: 7 },
    },
  });
  if (!created.ok()) throw new Error(`promotion refused: ${await created.text()}`);
  const { id } = ((await created.json()) as { value: { id: string } }).value;
  const published = await operator.call('POST', `/wps/backoffice/promotions/${id}/status`, {
    action: 'publish',
  });
  expect(published.ok()).toBe(true);

  await page.goto('/promotions');
  const card = page.getByTestId(`promotion-${id}`);
  await expect(card).toContainText(title);
  await expect(card).toContainText('A bonus for new players');
  await expect(page.getByTestId(`promotion-countdown-${id}`)).toHaveText(/^Ends in 2d 23h$/);
  await expect(page.getByTestId('promotions-tab-welcome')).toBeVisible();

  await page.getByTestId(`promotion-details-${id}`).click();
  const details = page.getByTestId('promotion-details');
  await expect(details.getByRole('heading', { name: title })).toBeVisible();
  await expect(details.getByTestId('promotion-terms').locator('strong')).toHaveText('5 times');
  await expect(details.getByTestId('promotion-terms').locator('script')).toHaveCount(0);
  await details.getByTestId(`promotion-action-${id}`).click();
  await expect(page.getByTestId('login-modal')).toBeVisible();

  await registerPlayer(page, `promo${randomUUID().slice(0, 6)}`, 'Secret123');
  await page.goto('/promotions');
  const claim = page.getByTestId(`promotion-action-${id}`);
  await expect(claim).toHaveText('Claim');
  await claim.click();
  // Every journey registers from the same address: a sign-up bonus claimed earlier on this platform holds
  // this claim for staff, which is what the site must then say.
  await expect(page.getByText(/Bonus claimed: 7\.00|Your claim is being reviewed/).first()).toBeVisible();
  await expect(claim).toHaveText(/You have already claimed this promotion\.|Your claim is being reviewed/);
});
