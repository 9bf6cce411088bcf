import { randomUUID } from 'node:crypto';
import { control, registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

test('a member redeems a mall item and converts points, and the operator ships the item', async ({
  page,
  operator,
}) => {
  test.slow();
  // A gift of this journey's own, so other journeys' redemptions do not move its stock.
  const name = `Journey mug ${randomUUID().slice(0, 6)}`;
  const created = await operator.call('POST', '/wps/backoffice/loyalty/mall-items', {
    kind: 'physical',
    name: { en: name },
    description: { en: 'A mug' },
    imageUploadId: null,
    pointsCost: '100',
    stock: 3,
    perMemberLimit: null,
    status: 'live',
  });
  if (!created.ok()) throw new Error(`mall item refused: ${await created.text()}`);
  const { id } = ((await created.json()) as { value: { id: string } }).value;

  // A player of this journey's own (other journeys change the demo player's password), given 500 points by the
  // operator and a payment password of its own.
  await registerPlayer(page, 'mallfan01', 'Secret123');
  const adjusted = await operator.call('POST', '/wps/backoffice/loyalty/points-adjustments', {
    username: 'mallfan01',
    points: '500',
    reason: 'Journey points',
    requestId: randomUUID(),
  });
  if (!adjusted.ok()) throw new Error(`points adjustment refused: ${await adjusted.text()}`);
  await page.goto('/member?page=withdraw');
  await control(page, 'payment-password-login').fill('Secret123');
  await control(page, 'payment-password-new').fill('123456');
  await control(page, 'payment-password-confirm').fill('123456');
  await page.getByTestId('payment-password-submit').click();
  await expect(page.getByTestId('payment-password-form')).toHaveCount(0);

  await page.goto('/pointMall');
  const balance = page.getByTestId('points-balance');
  await expect(balance).toHaveText(/^\d+$/);
  const before = Number(await balance.textContent());
  expect(before).toBeGreaterThanOrEqual(200);

  await page.getByTestId(`points-redeem-${id}`).click();
  const dialog = page.getByTestId('points-redeem-dialog');
  await control(page, 'points-shipping-name').fill('Maria Santos');
  await control(page, 'points-shipping-phone').fill('+639171234567');
  await control(page, 'points-shipping-address').fill('12 Rizal St, Manila');
  await control(page, 'points-redeem-password').fill('123456');
  await dialog.getByTestId('points-redeem-submit').click();
  await expect(dialog).toBeHidden();
  await expect(balance).toHaveText(String(before - 100));

  await page.getByTestId('points-convert').click();
  await control(page, 'points-convert-points').fill('100');
  await expect(page.getByTestId('points-convert-preview')).toContainText('1.00');
  await control(page, 'points-convert-password').fill('123456');
  await page.getByTestId('points-convert-submit').click();
  await expect(page.getByTestId('points-convert-dialog')).toBeHidden();
  await expect(balance).toHaveText(String(before - 200));

  await page.getByTestId('points-tab-history').click();
  const row = page.locator('[data-testid^="points-history-"]', { hasText: name });
  await expect(row).toContainText('Pending');

  const queue = await operator.call('GET', '/wps/backoffice/loyalty/redemptions?status=pending&pageSize=100');
  const pending = ((await queue.json()) as { value: { list: Array<{ id: string; itemId: string }> } }).value
    .list;
  const redemption = pending.find((entry) => entry.itemId === id);
  if (!redemption) throw new Error('the redemption is not in the queue');
  const act = (payload: Record<string, string>) =>
    operator.call('POST', `/wps/backoffice/loyalty/redemptions/${redemption.id}`, payload);
  expect((await act({ action: 'approve' })).ok()).toBe(true);
  expect((await act({ action: 'ship', trackingNumber: 'TRK-JOURNEY' })).ok()).toBe(true);

  await page.reload();
  await page.getByTestId('points-tab-history').click();
  await expect(row).toContainText('Shipped');
  await expect(row).toContainText('TRK-JOURNEY');
});
