import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, fail, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { buildAccount, securityCentrePath, securityCentreRoutes } from './security-centre.test-helpers';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const choose = (file: File) => {
  fireEvent.change(screen.getByTestId('security-avatar-file'), { target: { files: [file] } });
};

const fiveMegabytes = 5 * 1024 * 1024;
const newAvatarUrl = '/uploads/avatars/player01-2.png';

describe('security centre: avatar', () => {
  it('refuses an image over 5 MB, or not png or jpg, before any upload', async () => {
    const api = mockApi(securityCentreRoutes(() => buildAccount()));
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-avatar-change');

    choose(new File([new Uint8Array(fiveMegabytes + 1)], 'holiday.png', { type: 'image/png' }));
    const error = await screen.findByTestId('security-avatar-error');
    expect(error.textContent).toBe('The image is larger than 5MB.');
    expect(screen.getByTestId('security-avatar-change').getAttribute('aria-describedby')).toContain(error.id);

    choose(new File(['GIF89a'], 'dance.gif', { type: 'image/gif' }));
    expect((await screen.findByTestId('security-avatar-error')).textContent).toBe(
      'Only png or jpg images can be uploaded.',
    );
    expect(api.requestsTo('POST /wps/member/account/avatar')).toHaveLength(0);
  });

  it('uploads a png as the file field and shows the new avatar here and in the header', async () => {
    let avatarUrl: string | null = null;
    const api = mockApi(
      securityCentreRoutes(() => buildAccount({ avatarUrl }), {
        'GET /wps/member/info': () => ok(buildMemberInfo({ avatarUrl })),
        'GET /wps/member/info/icon': () => ok({ avatarUrl }),
        'POST /wps/member/account/avatar': () => {
          avatarUrl = newAvatarUrl;
          return ok({ avatarUrl: newAvatarUrl });
        },
      }),
    );
    renderApp(securityCentrePath, permission);
    expect(await screen.findByTestId('header-avatar-default')).toBeTruthy();
    expect(await screen.findByTestId('security-avatar-default')).toBeTruthy();

    const picture = new File([new Uint8Array(fiveMegabytes)], 'me.png', { type: 'image/png' });
    choose(picture);

    await waitFor(() => {
      expect(screen.getByTestId('header-avatar').getAttribute('src')).toBe(newAvatarUrl);
    });
    expect(screen.getByTestId('security-avatar-image').getAttribute('src')).toBe(newAvatarUrl);
    const [upload] = api.fetchMock.mock.calls.filter(
      ([url]) => typeof url === 'string' && url.endsWith('/member/account/avatar'),
    );
    const sent = upload?.[1]?.body;
    expect(sent instanceof FormData ? sent.get('file') : null).toBeInstanceOf(File);
    expect(screen.queryByTestId('security-avatar-error')).toBeNull();
  });

  it("shows the server's refusal of the picture", async () => {
    mockApi(
      securityCentreRoutes(() => buildAccount(), {
        'POST /wps/member/account/avatar': fail('UPLOAD_INVALID_TYPE'),
      }),
    );
    renderApp(securityCentrePath, permission);
    await screen.findByTestId('security-avatar-change');

    choose(new File(['not really a png'], 'fake.png', { type: 'image/png' }));

    expect((await screen.findByTestId('security-avatar-error')).textContent).toBe(
      'Only png or jpg images can be uploaded.',
    );
    expect(screen.getByTestId('security-avatar-default')).toBeTruthy();
  });
});
