import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Deposit, DepositChannel } from '@wps/contracts/payments';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, fail, mockApi, ok, type MockReply } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { openGateway } from '../open-gateway';

vi.mock('../open-gateway', () => ({ openGateway: vi.fn(() => 'opened') }));

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uploadId = '5f0c3f4e-8a53-4a4e-9b8f-3c1c1f0f6a11';

const bankChannel: DepositChannel = {
  code: 'BANK_PH',
  method: 'bank_transfer',
  name: 'Bank transfer (BDO)',
  currency: 'USD',
  minAmount: '10.00',
  maxAmount: '50000.00',
  instructions: {
    bankName: 'BDO Unibank',
    accountName: 'Lucky Lotus Ltd',
    accountNumber: '0012-3456-7890',
    note: 'Write your username as the reference.',
  },
};
const gatewayChannel: DepositChannel = {
  code: 'SANDBOX_PAY',
  method: 'gateway',
  name: 'Online payment',
  currency: 'USD',
  minAmount: '20.00',
  maxAmount: '5000.00',
  instructions: null,
};

const buildDeposit = (overrides: Partial<Deposit> = {}): Deposit => ({
  id: '41',
  channelCode: bankChannel.code,
  channelName: bankChannel.name,
  method: 'bank_transfer',
  amount: '100.50',
  currency: 'USD',
  status: 'pending',
  playerReference: 'REF123',
  proofUploadId: null,
  paymentUrl: null,
  reviewNote: null,
  createdAt: '2025-05-01T10:00:00.000Z',
  settledAt: null,
  ...overrides,
});

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const baseRoutes = {
  'GET /wps/member/info': ok(buildMemberInfo()),
  'GET /wps/member/deposit/channels': ok({ list: [bankChannel, gatewayChannel] }),
  'GET /wps/member/deposits': ok({
    list: [buildDeposit({ id: '40', status: 'credited', amount: '25.00' })],
    totalPages: 1,
  }),
};

const typeInto = (testId: string, value: string) => {
  const input = within(screen.getByTestId(testId)).getByRole('textbox');
  fireEvent.change(input, { target: { value } });
};

const chooseChannel = async (code: string) => {
  fireEvent.click(await screen.findByTestId(`deposit-channel-${code}`));
  await screen.findByTestId('deposit-amount');
};

const uploadCalls = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
  fetchMock.mock.calls.filter(([url]) => url === '/wps/member/uploads');

describe('depositv2', () => {
  it('lists the channels with their method and limits, and the recent deposits', async () => {
    mockApi(baseRoutes);
    renderApp('/member?page=depositv2', permission);

    const bank = await screen.findByTestId('deposit-channel-BANK_PH');
    expect(bank.textContent).toContain('Bank transfer (BDO)');
    expect(bank.textContent).toContain('USD 10.00');
    expect(bank.textContent).toContain('USD 50,000.00');
    const gateway = screen.getByTestId('deposit-channel-SANDBOX_PAY');
    expect(gateway.textContent).toContain('Online payment');
    expect(gateway.textContent).toContain('USD 20.00');

    const row = await screen.findByTestId('deposit-row-40');
    expect(within(row).getByTestId('deposit-row-status-40').textContent).toBe('Credited');
    expect(screen.queryByTestId('deposit-amount')).toBeNull();
  });

  it('checks the amount against the channel before sending', async () => {
    const api = mockApi({ ...baseRoutes, 'POST /wps/member/deposits': ok(buildDeposit()) });
    renderApp('/member?page=depositv2', permission);
    await chooseChannel('BANK_PH');
    typeInto('deposit-reference', 'REF123');

    typeInto('deposit-amount', '5');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(screen.getByTestId('deposit-amount-error').textContent).toBe('The minimum is 10.00 USD.');

    typeInto('deposit-amount', '60000');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(screen.getByTestId('deposit-amount-error').textContent).toBe('The maximum is 50000.00 USD.');

    typeInto('deposit-amount', '12.345');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(screen.getByTestId('deposit-amount-error').textContent).toBe(
      'Enter an amount above zero with at most 2 decimals.',
    );

    // A quick amount inside the limits clears the error.
    fireEvent.click(screen.getByTestId('deposit-quick-100'));
    expect(screen.queryByTestId('deposit-amount-error')).toBeNull();
    expect(api.requestsTo('POST /wps/member/deposits')).toHaveLength(0);
  });

  it('refuses a proof that is not png/jpg or larger than 5 MB in the browser', async () => {
    mockApi(baseRoutes);
    renderApp('/member?page=depositv2', permission);
    await chooseChannel('BANK_PH');

    const input = screen.getByTestId('deposit-proof');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'slip.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByTestId('deposit-proof-error').textContent).toBe(
      'Only png or jpg images can be uploaded.',
    );

    const big = new File(['x'], 'slip.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByTestId('deposit-proof-error').textContent).toBe('The image is larger than 5MB.');
  });

  it('uploads the slip, then sends the manual deposit with its reference, and keeps the requestId on a retry', async () => {
    let depositAttempts = 0;
    const api = mockApi({
      ...baseRoutes,
      'POST /wps/member/uploads': ok({ id: uploadId, contentType: 'image/png', byteSize: 4 }),
      'POST /wps/member/deposits': (): MockReply => {
        depositAttempts += 1;
        return depositAttempts === 1 ? fail('SERVICE_UNAVAILABLE') : ok(buildDeposit());
      },
    });
    renderApp('/member?page=depositv2', permission);
    await chooseChannel('BANK_PH');

    const instructions = screen.getByTestId('deposit-instructions');
    expect(within(instructions).getByTestId('deposit-instruction-accountNumber').textContent).toBe(
      '0012-3456-7890',
    );
    expect(within(instructions).getByTestId('deposit-copy-accountNumber')).toBeTruthy();
    expect(instructions.textContent).toContain('Write your username as the reference.');

    typeInto('deposit-amount', '100.50');
    typeInto('deposit-reference', 'REF123');
    fireEvent.change(screen.getByTestId('deposit-proof'), {
      target: { files: [new File(['png!'], 'slip.png', { type: 'image/png' })] },
    });
    fireEvent.click(screen.getByTestId('deposit-submit'));

    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'The service is temporarily unavailable.',
    );
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('deposit-pending');
    expect(screen.getByTestId('toast').textContent).toBe('Deposit submitted');

    // One upload, with its purpose before the file and no JSON content type.
    const uploads = uploadCalls(api.fetchMock);
    expect(uploads).toHaveLength(1);
    const [, init] = uploads[0] ?? [];
    expect(init?.body).toBeInstanceOf(FormData);
    const form = init?.body as FormData;
    expect(form.get('purpose')).toBe('deposit_proof');
    expect((form.get('file') as File).name).toBe('slip.png');
    expect([...form.keys()]).toEqual(['purpose', 'file']);
    const headers = new Headers(init?.headers);
    expect(headers.get('content-type')).toBeNull();
    expect(headers.get('authorization')).toBe('Bearer tok-1');

    const sent = api.requestsTo('POST /wps/member/deposits').map((request) => request.body);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({
      channelCode: 'BANK_PH',
      amount: '100.50',
      playerReference: 'REF123',
      proofUploadId: uploadId,
      requestId: expect.stringMatching(uuidPattern) as unknown,
    });
    expect(sent[1]).toEqual(sent[0]);
  });

  it("offers the channel's deposit bonuses (none by default) and sends the one picked", async () => {
    const offer = {
      promotionId: '12',
      title: 'Welcome match',
      summary: '',
      depositKind: 'first',
      percent: 100,
      cap: '50.00',
      minDeposit: '20.00',
      channelCodes: [],
      wagering: { multiplier: 10, base: 'bonus', maxStake: '5.00', expiresInDays: 7 },
    };
    const api = mockApi({
      ...baseRoutes,
      'GET /wps/promotions/deposit-offers': ok({ list: [offer] }),
      'POST /wps/member/deposits': ok(buildDeposit()),
    });
    renderApp('/member?page=depositv2', permission);
    await chooseChannel('BANK_PH');

    const choice = await screen.findByTestId('deposit-bonus');
    expect(within(choice).getByTestId('deposit-bonus-12').textContent).toContain(
      'Welcome match · 100% up to 50.00 USD',
    );
    expect(choice.textContent).toContain('Minimum deposit 20.00 USD · wager 10× the bonus within 7 days');
    expect(
      within(screen.getByTestId('deposit-bonus-none')).getByRole<HTMLInputElement>('radio').checked,
    ).toBe(true);
    expect(api.requestsTo('GET /wps/promotions/deposit-offers')[0]?.url.searchParams.get('channelCode')).toBe(
      'BANK_PH',
    );

    fireEvent.click(within(screen.getByTestId('deposit-bonus-12')).getByRole('radio'));
    typeInto('deposit-amount', '100.50');
    typeInto('deposit-reference', 'REF123');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('deposit-pending');
    expect(api.requestsTo('POST /wps/member/deposits')[0]?.body).toMatchObject({
      channelCode: 'BANK_PH',
      amount: '100.50',
      promotionId: '12',
    });
  });

  it('shows why the picked bonus was refused beside the choice', async () => {
    const offer = {
      promotionId: '12',
      title: 'Welcome match',
      summary: '',
      depositKind: 'first',
      percent: 100,
      cap: '50.00',
      minDeposit: '20.00',
      channelCodes: [],
      wagering: { multiplier: 10, base: 'bonus_deposit', maxStake: '0.00', expiresInDays: 7 },
    };
    mockApi({
      ...baseRoutes,
      'GET /wps/promotions/deposit-offers': ok({ list: [offer] }),
      'POST /wps/member/deposits': fail('PROMOTION_NOT_ELIGIBLE'),
    });
    renderApp('/member?page=depositv2', permission);
    await chooseChannel('BANK_PH');
    fireEvent.click(within(await screen.findByTestId('deposit-bonus-12')).getByRole('radio'));
    typeInto('deposit-amount', '15.00');
    typeInto('deposit-reference', 'REF123');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect((await screen.findByTestId('deposit-bonus-error')).textContent).not.toBe('');
  });

  it('sends a gateway deposit without reference, opens the payment page and follows the deposit', async () => {
    const paymentUrl = 'https://pay.example.com/checkout/abc';
    const api = mockApi({
      ...baseRoutes,
      'POST /wps/member/deposits': ok(
        buildDeposit({ id: '42', method: 'gateway', channelCode: 'SANDBOX_PAY', paymentUrl }),
      ),
    });
    renderApp('/member?page=depositv2', permission);
    await chooseChannel('SANDBOX_PAY');
    expect(screen.queryByTestId('deposit-reference')).toBeNull();
    expect(screen.queryByTestId('deposit-instructions')).toBeNull();

    typeInto('deposit-amount', '20');
    fireEvent.click(screen.getByTestId('deposit-submit'));

    await waitFor(() => {
      expect(openGateway).toHaveBeenCalledWith(paymentUrl);
    });
    expect(await screen.findByTestId('deposit-status')).toBeTruthy();
    expect(api.requestsTo('POST /wps/member/deposits')[0]?.body).toEqual({
      channelCode: 'SANDBOX_PAY',
      amount: '20',
      requestId: expect.stringMatching(uuidPattern) as unknown,
    });
  });

  it('follows the deposit the gateway returned for until it is credited', async () => {
    let isPaid = false;
    const api = mockApi({
      ...baseRoutes,
      'GET /wps/member/deposits/42': () =>
        ok(
          isPaid
            ? buildDeposit({
                id: '42',
                method: 'gateway',
                status: 'credited',
                settledAt: '2025-05-01T10:01:00.000Z',
              })
            : buildDeposit({ id: '42', method: 'gateway', paymentUrl: 'https://pay.example.com/x' }),
        ),
    });
    renderApp('/member?page=depositv2&deposit=42', permission);

    expect((await screen.findByTestId('deposit-status-badge')).textContent).toBe('Pending');
    expect(screen.getByTestId('deposit-continue').getAttribute('href')).toBe('https://pay.example.com/x');
    const readsWhilePending = api.requestsTo('GET /wps/member/deposits/42').length;
    isPaid = true;
    await waitFor(
      () => {
        expect(screen.getByTestId('deposit-status-badge').textContent).toBe('Credited');
      },
      { timeout: 4000 },
    );
    expect(api.requestsTo('GET /wps/member/deposits/42').length).toBeGreaterThan(readsWhilePending);
    expect(screen.getByTestId('deposit-status-text').textContent).toBe(
      'Paid: the amount has been credited to your wallet.',
    );
    // Settled: no more polling.
    const readsWhenSettled = api.requestsTo('GET /wps/member/deposits/42').length;
    await new Promise((resolve) => setTimeout(resolve, 2300));
    expect(api.requestsTo('GET /wps/member/deposits/42')).toHaveLength(readsWhenSettled);
  }, 12_000);
});
