import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Operator, startPlatform, stopPlatform } from '../support/platform';

test('the embedded database keeps its data across a restart', async ({ playwright }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-restart-'));
  // The shared-round drivers (live tables, cockfight) run as in `npm start`: a restart must not hang on them.
  const environment = { DATA_DIR: dataDir };
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
