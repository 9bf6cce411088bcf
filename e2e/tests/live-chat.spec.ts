import type { Page } from '@playwright/test';
import { control, registerPlayer, signInToConsole } from '../support/journeys';
import { expect, test } from '../support/platform';

/** A 1×1 PNG, the picture support sends. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Marks the page's document: the mark is gone if the page reloads or navigates away. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    Reflect.set(window, 'chatJourneyMark', true);
  });
const isSameDocument = (page: Page) => page.evaluate(() => Reflect.get(window, 'chatJourneyMark') === true);

test('a member chats with support live: the console sees the message, takes it and answers', async ({
  page,
  browser,
  operator,
}) => {
  test.setTimeout(120_000);
  // The demo brand sends its chat to an outside desk; without one, the site's entry opens our own chat room.
  const settings = await operator.call('GET', '/wps/backoffice/site/settings');
  const { liveChatUrl } = ((await settings.json()) as { value: { liveChatUrl: string | null } }).value;
  await operator.updateSiteSettings({ liveChatUrl: null });
  const consoleContext = await browser.newContext();
  try {
    // Support staff open the live chat desk first: the member's message must reach it without a reload.
    const staff = await consoleContext.newPage();
    await signInToConsole(staff, await operator.createStaff('support'), 'a support passphrase of mine');
    await staff.getByTestId('nav-live-chat').click();
    await expect(staff.getByRole('heading', { name: 'Live chat' })).toBeVisible();
    await expect(staff.getByTestId('chat-tab-waiting')).toHaveAttribute('aria-pressed', 'true');
    await markDocument(staff);

    // The member opens the chat through the site's live-chat entry (CBS_launchChat: the site's chat modal).
    await registerPlayer(page, 'chatter01', 'Secret123');
    await markDocument(page);
    const menuToggle = page.locator('.site-header__menu-button');
    if (await menuToggle.isVisible()) await menuToggle.click();
    await page.getByTestId('live-chat-entry').click();
    const chat = page.getByTestId('chat-modal');
    await expect(chat).toBeVisible();

    await control(page, 'chat-composer').fill('Hello, my deposit has not arrived.');
    await page.getByTestId('chat-send').click();
    await expect(chat.locator('[data-testid="chat-message"][data-sender="member"]')).toContainText(
      'Hello, my deposit has not arrived.',
    );

    // The waiting queue shows it live.
    const row = staff.locator('[data-testid^="chat-queue-row-"][data-member="chatter01"]');
    await expect(row).toBeVisible();
    await expect(row).toContainText('Hello, my deposit has not arrived.');
    await row.click();
    const transcript = staff.getByRole('log', { name: 'Messages with chatter01' });
    await expect(transcript.locator('[data-sender="member"]')).toContainText(
      'Hello, my deposit has not arrived.',
    );

    // Taken, then answered.
    await staff.getByTestId('chat-take').click();
    await expect(staff.getByTestId('chat-assignment')).toHaveText('Assigned to you');
    await staff.getByRole('textbox', { name: 'Reply' }).fill('Hi! Let me check that for you.');
    await staff.getByRole('button', { name: 'Send' }).click();
    await expect(transcript.locator('[data-sender="staff"]')).toContainText('Hi! Let me check that for you.');

    // The member sees the answer live.
    await expect(chat.locator('[data-testid="chat-message"][data-sender="staff"]')).toContainText(
      'Hi! Let me check that for you.',
    );

    // And the console sees the member's next message live.
    await control(page, 'chat-composer').fill('Thank you, the reference is DEP-4471.');
    await page.getByTestId('chat-send').click();
    await expect(transcript.locator('[data-sender="member"]').last()).toContainText(
      'Thank you, the reference is DEP-4471.',
    );

    // Support shows a picture: the member sees it in the chat, loaded through the conversation.
    await staff.getByLabel('Attach an image').setInputFiles({
      name: 'where-to-tap.png',
      mimeType: 'image/png',
      buffer: onePixelPng,
    });
    await expect(transcript.locator('[data-sender="staff"]').last().getByRole('img')).toBeVisible();
    const picture = chat
      .locator('[data-testid="chat-message"][data-sender="staff"]')
      .last()
      .getByRole('button', { name: 'Open the image full size' });
    await expect(picture.locator('img')).toHaveJSProperty('complete', true);
    expect(await picture.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);

    // Nothing above was a reload on either side.
    expect(await isSameDocument(page)).toBe(true);
    expect(await isSameDocument(staff)).toBe(true);
  } finally {
    await consoleContext.close();
    if (liveChatUrl !== null) await operator.updateSiteSettings({ liveChatUrl });
  }
});
