import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Operator, startPlatform, stopPlatform } from '../support/platform';

test('the embedded database keeps its data across a restart', async ({ playwright }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-restart-'));
  // The shared-round drivers stay off here: on the embedded database a restart was seen to hang at start-up
  // about one time in six while they run (being traced; see the stop-39 note). This journey is about the data.
  const environment = { DATA_DIR: dataDir, HOUSE_TABLES_ENABLED: 'false', COCKFIGHT_TICK_MS: '0' };
  try {
    const first = await startPlatform(environment);
    const firstRequest = await playwright.request.newContext({ baseURL: first.baseUrl });
    await (await Operator.login(firstRequest, first.baseUrl)).updateSiteSettings({ status: 1 });
    await firstRequest.dispose();
    await stopPlatform(first.child);

    const second = await startPlatform(environment);
    const secondRequest = await playwright.request.newContext({ baseURL: second.baseUrl });
    const status = await secondRequest.get('/wps/system/status');
    expect(await status.json()).toEqual({ success: true, value: 1, message: '' });
    await secondRequest.dispose();
    await stopPlatform(second.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
