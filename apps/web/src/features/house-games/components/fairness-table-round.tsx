import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { translateApiError } from '../../../lib/translate-message';
import { useVerify } from '../api/fairness-queries';
import { useTableVerification } from '../api/tables-queries';
import { FairnessVerdictView } from './fairness-verdict-view';

/** The verifier kind the live tables register on the verification service. */
const tablesFairnessGame = 'tables';

/**
 * A live table's round (the table page links `/fairness?tableRound=<id>`): the server's proof (revealed seed,
 * commitment, the result dealt again), and the same seeds sent to the verification service, its result set
 * beside the recorded one.
 */
export function FairnessTableRound({ roundId }: { roundId: string }) {
  const { t } = useTranslation();
  const proof = useTableVerification(roundId);
  const verify = useVerify();

  if (proof.error) {
    return (
      <p role="status" data-testid="fairness-table-unavailable">
        {isApiError(proof.error) && proof.error.code === 'NOT_FOUND'
          ? t('fairness.table.not_revealed')
          : translateApiError(t, proof.error)}
      </p>
    );
  }
  if (!proof.data) {
    return <p role="status">{t('fairness.table.loading')}</p>;
  }
  const round = proof.data;
  const recompute = () => {
    verify.mutate({
      game: tablesFairnessGame,
      serverSeed: round.serverSeed,
      clientSeed: round.clientSeed,
      nonce: round.nonce,
      params: {
        game: round.game,
        ...(round.shoePosition === null ? {} : { shoePosition: String(round.shoePosition) }),
      },
    });
  };
  return (
    <section className="fairness-table-round" data-testid="fairness-table-round">
      <h2>{t('fairness.table.title', { roundId: round.roundId, table: round.tableCode })}</h2>
      <dl dir="ltr">
        <dt>{t('fairness.table.game')}</dt>
        <dd>{round.game}</dd>
        <dt>{t('fairness.server_seed')}</dt>
        <dd>
          <code>{round.serverSeed}</code>
        </dd>
        <dt>{t('fairness.hash_of_seed')}</dt>
        <dd>
          <code>{round.serverSeedHash}</code>
        </dd>
        <dt>{t('fairness.client_seed')}</dt>
        <dd>
          <code>{round.clientSeed}</code>
        </dd>
        <dt>{t('fairness.nonce')}</dt>
        <dd>{round.nonce}</dd>
        {round.shoePosition !== null && (
          <>
            <dt>{t('fairness.table.shoe_position')}</dt>
            <dd>{round.shoePosition}</dd>
          </>
        )}
      </dl>
      <p data-testid="fairness-table-commitment" data-valid={String(round.commitmentMatches)}>
        {round.commitmentMatches ? t('fairness.table.commitment_ok') : t('fairness.table.commitment_failed')}
      </p>
      <p data-testid="fairness-table-server" data-valid={String(round.resultMatches)}>
        {round.resultMatches ? t('fairness.table.result_ok') : t('fairness.table.result_failed')}
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={verify.isPending}
        onClick={recompute}
        data-testid="fairness-table-recompute"
      >
        {t('fairness.table.recompute')}
      </button>
      {verify.error && <p role="alert">{translateApiError(t, verify.error)}</p>}
      {verify.data && (
        <FairnessVerdictView
          game={verify.data.game}
          result={verify.data.result}
          recorded={round.result}
          hashMatches={verify.data.serverSeedHash === round.serverSeedHash}
        />
      )}
    </section>
  );
}
