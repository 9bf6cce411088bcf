import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminLotteryGame } from '@wps/contracts/lottery';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signedInRoutes, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';
import type { AdminDraw } from './api';

const south: AdminLotteryGame = {
  gameCode: 'TCG_LOTTO_VN-O0003',
  vendor: 'TCG_LOTTO_VN',
  name: 'South Lotto',
  kind: 'vn',
  region: 'south',
  balls: null,
  poolSize: null,
  resultSource: 'operator',
  defaultNumberCap: '5000.00',
};
const speed: AdminLotteryGame = {
  ...south,
  gameCode: 'LOTT-O0001',
  vendor: 'LOTT',
  name: 'Lott 3D',
  kind: 'speed',
  region: null,
  balls: 3,
  resultSource: 'fair',
  defaultNumberCap: null,
};

const draw = (overrides: Partial<AdminDraw> = {}): AdminDraw => ({
  publicId: 'TCG_LOTTO_VN-O0003-20301124',
  gameCode: south.gameCode,
  drawAt: '2030-11-24T09:15:00.000Z',
  closesAt: '2030-11-24T09:00:00.000Z',
  status: 'closed',
  resultSource: 'operator',
  stations: [
    { code: 'HCM', name: 'TP. Hồ Chí Minh' },
    { code: 'DT', name: 'Đồng Tháp' },
  ],
  serverSeedHash: null,
  serverSeed: null,
  clientSeed: 'TCG_LOTTO_VN-O0003-20301124',
  result: null,
  betCount: 4,
  totalStake: '120.00',
  totalPayout: '0.00',
  ...overrides,
});

const lots = (first: string) => [first, ...Array.from({ length: 17 }, (_, index) => String(10_000 + index))];

const routes = (draws: (url: URL) => AdminDraw[]) => ({
  ...signedInRoutes,
  'GET /wps/backoffice/lottery/games': ok({ currency: 'USD', games: [south, speed] }),
  'GET /wps/backoffice/lottery/draws': ({ url }: { url: URL }) =>
    ok({ draws: draws(url), total: draws(url).length, totalPages: 1 }),
  'GET /wps/backoffice/lottery/games/TCG_LOTTO_VN-O0003/numbers': ok({
    numbers: [{ number: '68', cap: '200.00', blocked: false }],
  }),
  'GET /wps/backoffice/lottery/games/LOTT-O0001/numbers': ok({ numbers: [] }),
});

describe('the lottery draws console', () => {
  it('shows a game’s upcoming draws, its past ones and one station’s', async () => {
    signIn();
    const api = mockApi(
      routes((url) =>
        url.searchParams.get('view') === 'past'
          ? [
              draw({
                publicId: 'PAST-0001',
                status: 'settled',
                result: { stations: { HCM: lots('123456') } },
              }),
            ]
          : [draw()],
      ),
    );
    renderConsole('/lottery-draws');
    expect(await screen.findByTestId('draw-TCG_LOTTO_VN-O0003-20301124')).toBeTruthy();
    const first = api.requestsTo('GET /wps/backoffice/lottery/draws')[0]?.url.searchParams;
    expect(first?.get('gameCode')).toBe(south.gameCode);
    expect(first?.get('view')).toBe('upcoming');

    fireEvent.click(screen.getByTestId('lottery-view-past'));
    expect((await screen.findByTestId('draw-PAST-0001-result')).textContent).toBe('HCM 123456');

    fireEvent.change(screen.getByTestId('lottery-station'), { target: { value: 'DT' } });
    await waitFor(() => {
      expect(
        api.requestsTo('GET /wps/backoffice/lottery/draws').at(-1)?.url.searchParams.get('station'),
      ).toBe('DT');
    });
    expect(screen.getByTestId('limit-68').textContent).toContain('200.00');
  });

  it('enters a VN result per station, and a speed game’s balls', async () => {
    signIn();
    const api = mockApi({
      ...routes((url) =>
        url.searchParams.get('gameCode') === speed.gameCode
          ? [draw({ publicId: 'LOTT-O0001-0481', gameCode: speed.gameCode, stations: [] })]
          : [draw()],
      ),
      'POST /wps/backoffice/lottery/draws/TCG_LOTTO_VN-O0003-20301124/result': ok(
        draw({ status: 'settled' }),
      ),
      'POST /wps/backoffice/lottery/draws/LOTT-O0001-0481/result': ok(draw({ status: 'settled' })),
    });
    renderConsole('/lottery-draws');
    fireEvent.click(await screen.findByTestId('draw-TCG_LOTTO_VN-O0003-20301124-enter'));
    const dialog = screen.getByTestId('result-dialog');
    expect(dialog.textContent).toContain('18 numbers: special (6 digits), first (5 digits)');
    fireEvent.change(within(dialog).getByTestId('result-station-HCM'), {
      target: { value: lots('012345').join(' ') },
    });
    fireEvent.change(within(dialog).getByTestId('result-station-DT'), {
      target: { value: lots('654321').join(', ') },
    });
    fireEvent.click(within(dialog).getByTestId('result-save'));
    await waitFor(() => {
      expect(
        api.requestsTo('POST /wps/backoffice/lottery/draws/TCG_LOTTO_VN-O0003-20301124/result'),
      ).toHaveLength(1);
    });
    expect(
      api.requestsTo('POST /wps/backoffice/lottery/draws/TCG_LOTTO_VN-O0003-20301124/result')[0]?.body,
    ).toEqual({ result: { stations: { HCM: lots('012345'), DT: lots('654321') } } });
    await waitFor(() => {
      expect(screen.queryByTestId('result-dialog')).toBeNull();
    });

    // Another kind of game: its balls in one field, in drawing order.
    fireEvent.change(screen.getByTestId('lottery-game'), { target: { value: speed.gameCode } });
    expect(await screen.findByTestId('draw-LOTT-O0001-0481')).toBeTruthy();
    fireEvent.click(screen.getByTestId('draw-LOTT-O0001-0481-enter'));
    fireEvent.change(screen.getByTestId('result-main'), { target: { value: '9 0, 7' } });
    fireEvent.click(screen.getByTestId('result-save'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/lottery/draws/LOTT-O0001-0481/result')[0]?.body).toEqual({
        result: { balls: [9, 0, 7] },
      });
    });
  });

  it('saves the result source and default cap, and caps or blocks a number', async () => {
    signIn();
    const api = mockApi({
      ...routes(() => []),
      'PUT /wps/backoffice/lottery/games/TCG_LOTTO_VN-O0003/settings': ok({
        resultSource: 'fair',
        defaultNumberCap: '800.00',
      }),
      'PUT /wps/backoffice/lottery/games/TCG_LOTTO_VN-O0003/numbers/39': ok({
        number: '39',
        cap: null,
        blocked: true,
      }),
      'PUT /wps/backoffice/lottery/games/TCG_LOTTO_VN-O0003/numbers/68': ok({
        number: '68',
        cap: null,
        blocked: false,
      }),
    });
    renderConsole('/lottery-draws');
    expect(await screen.findByTestId('lottery-draws-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('lottery-resultSource'), { target: { value: 'fair' } });
    fireEvent.change(screen.getByTestId('lottery-defaultNumberCap'), { target: { value: '800' } });
    fireEvent.click(screen.getByTestId('lottery-settings-save'));
    await waitFor(() => {
      expect(
        api.requestsTo('PUT /wps/backoffice/lottery/games/TCG_LOTTO_VN-O0003/settings')[0]?.body,
      ).toEqual({ resultSource: 'fair', defaultNumberCap: '800' });
    });

    fireEvent.change(screen.getByTestId('limit-number'), { target: { value: '39' } });
    fireEvent.click(screen.getByTestId('limit-blocked'));
    fireEvent.click(screen.getByTestId('limit-save'));
    await waitFor(() => {
      expect(
        api.requestsTo('PUT /wps/backoffice/lottery/games/TCG_LOTTO_VN-O0003/numbers/39')[0]?.body,
      ).toEqual({ cap: null, blocked: true });
    });
    fireEvent.click(await screen.findByTestId('limit-68-clear'));
    await waitFor(() => {
      expect(
        api.requestsTo('PUT /wps/backoffice/lottery/games/TCG_LOTTO_VN-O0003/numbers/68')[0]?.body,
      ).toEqual({ cap: null, blocked: false });
    });
  });

  it('shows draws and caps without the actions to staff who may only look', async () => {
    signIn();
    mockApi({ ...routes(() => [draw()]), 'GET /wps/backoffice/session/me': ok(staffOfPreset('support')) });
    renderConsole('/lottery-draws');
    expect(await screen.findByTestId('draw-TCG_LOTTO_VN-O0003-20301124')).toBeTruthy();
    expect(screen.queryByTestId('draw-TCG_LOTTO_VN-O0003-20301124-enter')).toBeNull();
    expect(screen.queryByTestId('lottery-settings-save')).toBeNull();
    expect(screen.queryByTestId('limit-save')).toBeNull();
    expect(screen.getByTestId<HTMLSelectElement>('lottery-resultSource').disabled).toBe(true);
  });
});
