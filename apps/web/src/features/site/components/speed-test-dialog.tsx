import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { QueryState } from '../../../components/query-state';
import { getDomainRoutes } from '../api/get-domain-routes';
import { runSpeedTest } from '../api/speed-test';
import './site-tools.css';

/** The server speed test (spec section 4): the first 5 mirror domains, pinged and sorted by speed. */
export function SpeedTestDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const test = useQuery({
    queryKey: ['site', 'speed-test'],
    queryFn: async ({ signal }) => runSpeedTest(await getDomainRoutes(signal)),
    // Every opening measures again.
    gcTime: 0,
    retry: false,
  });
  return (
    <Modal title={t('site_tools.speed_test')} onClose={onClose} testId="speed-test-dialog">
      {test.data === undefined ? (
        test.isFetching ? (
          <p className="muted" role="status" data-testid="speed-test-running">
            {t('site_tools.testing')}
          </p>
        ) : (
          <QueryState error={test.error} onRetry={() => void test.refetch()} />
        )
      ) : (
        <>
          <ol className="site-tools__list" data-testid="speed-test-results" aria-busy={test.isFetching}>
            {test.data.map((result) => (
              <li
                key={result.domainName}
                className="site-tools__row"
                data-testid="speed-test-row"
                data-speed={result.speed}
              >
                <a href={result.url} target="_blank" rel="noopener noreferrer" dir="ltr">
                  {result.domainName}
                </a>
                <span className="site-tools__time" data-testid="speed-test-time">
                  {t('site_tools.milliseconds', { value: result.displayedMs })}
                </span>
                <span className={`site-tools__speed site-tools__speed--${result.speed}`}>
                  {t(`site_tools.speed.${result.speed}`)}
                </span>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="button button--primary"
            data-testid="speed-test-again"
            disabled={test.isFetching}
            onClick={() => void test.refetch()}
          >
            {t('site_tools.test_again')}
          </button>
        </>
      )}
    </Modal>
  );
}
