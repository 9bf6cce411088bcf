import type { MemberLoginEvent } from '@wps/contracts/members';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/captioned-table';
import { PagedRecords, RecordResults } from '../../../components/record-results';
import { formatLocalDateTime } from '../../../lib/format-date';
import { useSignIns } from '../api/get-sign-ins';
import { DeviceLabel } from './device-label';

type Activity =
  'login' | 'social_login' | 'logout' | 'register' | 'password_change' | 'password_reset' | 'other';

/** The server's event names (login, social.login, password.reset.email …) as the member reads them. */
const activityOf = (event: string): Activity => {
  if (event === 'login') return 'login';
  if (event === 'social.login') return 'social_login';
  if (event === 'logout') return 'logout';
  if (event === 'register') return 'register';
  if (event === 'password.change') return 'password_change';
  if (event.startsWith('password.reset')) return 'password_reset';
  return 'other';
};

function SignInRow({ signIn }: { signIn: MemberLoginEvent }) {
  const { t } = useTranslation();
  const activity = t(`security_centre.sign_ins.events.${activityOf(signIn.event)}`);
  return (
    <tr data-testid={`sign-in-${signIn.id}`} data-event={signIn.event}>
      <td>
        <time dateTime={signIn.createdAt}>{formatLocalDateTime(signIn.createdAt) ?? signIn.createdAt}</time>
      </td>
      <td>{signIn.isSuccess ? activity : t('security_centre.sign_ins.failed', { activity })}</td>
      <td dir="ltr">{signIn.ip}</td>
      <td>
        <DeviceLabel userAgent={signIn.userAgent} />
      </td>
    </tr>
  );
}

/** The member's login history (logins, logouts, password changes), newest first, a page at a time. */
export function SignInHistory() {
  const { t } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const signIns = useSignIns(page);
  return (
    <section className="security-card" aria-labelledby={titleId} data-testid="security-sign-ins">
      <h3 id={titleId}>{t('security_centre.sign_ins.title')}</h3>
      <RecordResults query={signIns}>
        {(data) => (
          <PagedRecords
            isEmpty={data.list.length === 0}
            emptyMessage={t('security_centre.sign_ins.empty')}
            page={page}
            totalPages={data.totalPages}
            onPageChange={setPage}
            testId="sign-ins-pagination"
          >
            <CaptionedTable
              caption={t('security_centre.sign_ins.title')}
              isCaptionHidden
              testId="sign-ins-table"
            >
              <thead>
                <tr>
                  <th scope="col">{t('security_centre.sign_ins.time')}</th>
                  <th scope="col">{t('security_centre.sign_ins.activity')}</th>
                  <th scope="col">{t('security_centre.sign_ins.address')}</th>
                  <th scope="col">{t('security_centre.sign_ins.device')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((signIn) => (
                  <SignInRow key={signIn.id} signIn={signIn} />
                ))}
              </tbody>
            </CaptionedTable>
          </PagedRecords>
        )}
      </RecordResults>
    </section>
  );
}
