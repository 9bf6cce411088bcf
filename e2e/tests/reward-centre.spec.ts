import { randomBytes, randomUUID } from 'node:crypto';
import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

const newUsername = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

test('a member invites a friend, earns a referral reward, claims it in the reward centre and sees the balance grow', async ({
  page,
  browser,
  baseURL,
  operator,
}) => {
  // Two browsers and two registrations: more than the default minute on a busy machine.
  test.slow();
  // The brand's referral rules for this journey: a friend qualifies on registering (nothing to deposit or bet),
  // and the referrer earns 5.00. Other live referral promotions (the demo data's) end first.
  const live = await operator.call('GET', '/wps/backoffice/promotions?kind=referral&status=live');
  expect(live.ok()).toBe(true);
  for (const promotion of ((await live.json()) as { value: { list: Array<{ id: string }> } }).value.list) {
    expect(
      (
        await operator.call('POST', `/wps/backoffice/promotions/${promotion.id}/status`, { action: 'end' })
      ).ok(),
    ).toBe(true);
  }
  const created = await operator.call('POST', '/wps/backoffice/promotions', {
    category: 'referral',
    status: 'draft',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: null,
    content: { en: { title: `Journey referral ${randomUUID().slice(0, 6)}`, summary: '', terms: '' } },
    imageUploadId: null,
    claimLimit: 0,
    eligibility: {},
    config: { kind: 'referral', inviteeDeposit: '0', inviteeValidBet: '0', reward: '5' },
  });
  if (!created.ok()) throw new Error(`promotion refused: ${await created.text()}`);
  const { id } = ((await created.json()) as { value: { id: string } }).value;
  expect(
    (await operator.call('POST', `/wps/backoffice/promotions/${id}/status`, { action: 'publish' })).ok(),
  ).toBe(true);

  const referrer = newUsername('rf');
  await registerPlayer(page, referrer, 'Secret123');
  await expect(page.getByTestId('header-balance')).toHaveText(/0\.00/);
  await page.goto('/member?page=referral');
  const link = await page.getByTestId('referral-link').inputValue();
  expect(link).toMatch(/\/register\?referralCode=[A-Z2-9]{8}$/);
  await expect(page.getByTestId('referral-qr')).toBeVisible();

  // The friend opens the link in their own browser and registers; the code is filled in for them.
  const friendContext = await browser.newContext({ baseURL });
  const friend = await friendContext.newPage();
  await friend.goto(new URL(link).pathname + new URL(link).search);
  const code = new URL(link).searchParams.get('referralCode') ?? '';
  await expect(friend.getByTestId('register-referral').locator('input')).toHaveValue(code);
  await registerPlayer(friend, newUsername('fr'), 'Secret123');
  await friendContext.close();

  await page.reload();
  await expect(page.getByTestId('referral-invitees')).toContainText('Yes');
  // The referral page's answer earned the reward; the badge counts it from the next count on.
  await page.reload();
  await expect(page.getByTestId('member-rewards-unread')).toHaveText('1');

  await page.goto('/member?page=rewardCenter');
  await expect(page.getByTestId('reward-center-total')).toHaveText(/5\.00/);
  await page.locator('[data-testid^="reward-claim-"]').first().click();
  await expect(page.getByTestId('reward-center-empty')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText(/5\.00/);
  await expect(page.getByTestId('reward-center-history')).toContainText('Claimed');
});
