import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signIn, signedInRoutes } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const popup = (id: string, execution: 'A' | 'B' | 'F', title: string) => ({
  id,
  type: 'PU',
  title,
  content: '',
  startDate: '2020-01-01T00:00:00.000Z',
  endDate: null,
  execution,
  promotionType: null,
  language: 'ALL',
  platform: 'W',
  isEnabled: true,
});

describe('site preview', () => {
  it('opens the site as a guest and lists what each audience is shown now', async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/content/banners': ok({ list: [] }),
      'GET /wps/backoffice/content/announcements': ok({
        list: [
          popup('1', 'A', 'Members popup'),
          popup('2', 'B', 'Guests popup'),
          { ...popup('3', 'B', 'Switched off'), isEnabled: false },
        ],
      }),
    });
    renderConsole('/site-preview');

    const guest = await screen.findByTestId('preview-guest');
    expect(guest.getAttribute('href')).toBe('/');
    expect(guest.getAttribute('target')).toBe('_blank');
    const popups = screen.getByTestId('preview-popups');
    expect((await within(popups).findByText(/Members popup/)).textContent).toContain('Members popup');
    fireEvent.click(screen.getByTestId('preview-audience-B'));
    expect(await within(popups).findByText(/Guests popup/)).toBeTruthy();
    expect(within(popups).queryByText(/Members popup/)).toBeNull();
    expect(within(popups).queryByText(/Switched off/)).toBeNull();
  });
});
