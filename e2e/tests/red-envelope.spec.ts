import { randomUUID } from 'node:crypto';
import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

test('a member opens a red envelope from the promotions page and grabs a packet paid to their wallet', async ({
  page,
  operator,
}) => {
  // One packet of exactly 10.00 (the pool at its minimum), so the journey knows what it wins.
  const title = `Journey envelope ${randomUUID().slice(0, 6)}`;
  const created = await operator.call('POST', '/wps/backoffice/promotions', {
    category: 'event',
    status: 'draft',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: null,
    content: { en: { title, summary: 'Grab it first', terms: '<p>One packet per member.</p>' } },
    imageUploadId: null,
    claimLimit: 1,
    eligibility: {},
    config: { kind: 'red_envelope', pool: '10', packets: 1, minPacket: '10' },
  });
  if (!created.ok()) throw new Error(`promotion refused: ${await created.text()}`);
  const { id } = ((await created.json()) as { value: { id: string } }).value;
  const published = await operator.call('POST', `/wps/backoffice/promotions/${id}/status`, {
    action: 'publish',
  });
  expect(published.ok()).toBe(true);

  await registerPlayer(page, 'redenv01', 'Secret123');
  await expect(page.getByTestId('header-balance')).toHaveText(/0\.00/);
  await page.goto('/promotions');
  await page.getByTestId(`promotion-action-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`/promotions/red-envelope/${id}$`));
  await expect(page.getByTestId('red-envelope-left')).toHaveText('1 of 1');

  await page.getByTestId('red-envelope-grab').click();
  await expect(page.getByTestId('red-envelope-amount')).toHaveText('10.00');
  await expect(page.getByTestId('red-envelope-left')).toHaveText('0 of 1');
  await expect(page.getByTestId('header-balance')).toHaveText(/10\.00/);
});
