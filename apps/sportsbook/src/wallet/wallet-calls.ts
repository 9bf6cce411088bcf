import { randomUUID } from 'node:crypto';
import { stringifyProtocolJson, type VendorWalletMethod } from '@wps/contracts/vendor-wallet';
import {
  type AttemptResult,
  describeAttempt,
  type WalletClient,
} from '@wps/vendor-wallet-client/wallet-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor, Store } from '../store/store';

/**
 * The sportsbook's calls to the platform's wallet, kept in its own store (`sb_wallet_calls`): a call is written
 * in the transaction that decides it (placing, settling, voiding a slip), with its body fixed then, and sent
 * until it has a final answer, byte for byte the same each time, across restarts. The platform processes a
 * transaction uuid once, so a resend after a lost answer never moves money twice. The body is signed when first
 * sent, not when written: settling a match writes thousands of calls in one go.
 */

export type WalletCallMethod = Extract<
  VendorWalletMethod,
  'transaction/bet' | 'transaction/win' | 'transaction/rollback'
>;

export type RecordedCall = {
  id: bigint;
  slipId: bigint;
  /** The platform's user the call is for. */
  player: string;
  method: WalletCallMethod;
  transactionUuid: string;
  vendorCode: string;
  requestUuid: string;
  body: string;
};

export type NewWalletCall = {
  slipId: bigint;
  player: string;
  method: WalletCallMethod;
  vendorCode: string;
  amount: bigint;
  /** The protocol fields except transaction_uuid and request_uuid, which are made here. */
  fields: Record<string, unknown>;
};

type CallRow = {
  id: string | bigint;
  slip_id: string | bigint;
  player: string;
  method: WalletCallMethod;
  transaction_uuid: string;
  vendor_code: string;
  request_uuid: string;
  body: string;
};

const recordedOf = (row: CallRow): RecordedCall => ({
  id: BigInt(row.id),
  slipId: BigInt(row.slip_id),
  player: row.player,
  method: row.method,
  transactionUuid: row.transaction_uuid,
  vendorCode: row.vendor_code,
  requestUuid: row.request_uuid,
  body: row.body,
});

/** A call as written: its uuids and body fixed before it is stored (never changed afterwards). */
export type WalletCallRow = {
  method: WalletCallMethod;
  transaction_uuid: string;
  /** The protocol's units, as text (a bigint through JSON). */
  amount: string;
  vendor_code: string;
  request_uuid: string;
  body: string;
};

export const walletCallRow = (call: Omit<NewWalletCall, 'slipId' | 'player'>): WalletCallRow => {
  const transactionUuid = randomUUID();
  const requestUuid = randomUUID();
  return {
    method: call.method,
    transaction_uuid: transactionUuid,
    amount: call.amount.toString(),
    vendor_code: call.vendorCode,
    request_uuid: requestUuid,
    body: stringifyProtocolJson({
      ...call.fields,
      amount: call.amount,
      transaction_uuid: transactionUuid,
      request_uuid: requestUuid,
    }),
  };
};

/** The call once written, for sending. */
export const recordedCall = (
  row: WalletCallRow,
  ids: { id: bigint; slipId: bigint; player: string },
): RecordedCall => ({
  ...ids,
  method: row.method,
  transactionUuid: row.transaction_uuid,
  vendorCode: row.vendor_code,
  requestUuid: row.request_uuid,
  body: row.body,
});

/** Writes calls in `tx` (one statement for any number of them). */
export const recordWalletCalls = async (
  tx: Executor,
  calls: readonly NewWalletCall[],
): Promise<RecordedCall[]> => {
  if (calls.length === 0) return [];
  const rows = calls.map((call) => ({ ...walletCallRow(call), slip_id: call.slipId.toString() }));
  const written = await tx.query<Omit<CallRow, 'player'>>(
    `insert into sb_wallet_calls (slip_id, method, transaction_uuid, amount, vendor_code, request_uuid, body, signature)
     select slip_id, method, transaction_uuid, amount, vendor_code, request_uuid, body, ''
     from json_to_recordset($1::json) as x(slip_id bigint, method text, transaction_uuid uuid, amount bigint,
       vendor_code text, request_uuid text, body text)
     returning id, slip_id, method, transaction_uuid, vendor_code, request_uuid, body`,
    [JSON.stringify(rows)],
  );
  const players = new Map<string, string>(
    rows.map((row, index) => [row.transaction_uuid, calls[index]?.player ?? '']),
  );
  return written.map((row) => recordedOf({ ...row, player: players.get(row.transaction_uuid) ?? '' }));
};

export const createWalletCallSender = ({
  store,
  client,
  log,
  onFinal,
}: {
  store: Store;
  client: WalletClient;
  log?: FastifyBaseLogger;
  /** After a call got its final answer (the player's page reads its balance and bets again). */
  onFinal?: (call: RecordedCall) => void;
}) => {
  /** Signs the call's body and sends it once (nothing is written: see `attempt`). */
  const deliver = async (call: RecordedCall): Promise<AttemptResult> =>
    client.send(await client.prepareText(call.vendorCode, call.method, call.requestUuid, call.body));

  /** One attempt; a final answer closes the call, anything else schedules the next try. */
  const attempt = async (call: RecordedCall): Promise<AttemptResult> => {
    const result = await deliver(call);
    if (result.kind === 'answer' && result.isFinal) {
      await store.query(
        `update sb_wallet_calls set status = 'done', answer_status = $2, attempts = attempts + 1 where id = $1`,
        [call.id.toString(), result.answer.status],
      );
      onFinal?.(call);
    } else {
      // The next try 1 s later, doubling up to 30 s.
      await store.query(
        `update sb_wallet_calls set attempts = attempts + 1,
           next_attempt_at = now() + make_interval(secs => least(30, 0.5 * 2 ^ least(attempts + 1, 6)))
         where id = $1`,
        [call.id.toString()],
      );
      log?.warn(
        { method: call.method, slipId: call.slipId.toString(), result: describeAttempt(result) },
        'wallet call without a final answer',
      );
    }
    return result;
  };

  /** How many due calls a background run takes. */
  const dueBatch = 500;
  /** The background run of `sendDue`, if one is under way, and whether another was asked for meanwhile. */
  let running: Promise<void> | undefined;
  let isAskedAgain = false;
  let isClosed = false;
  /** While held (a settlement writing), the background sends wait: they would take the cores it needs. */
  let holds = 0;

  /** Sends the due calls (wins and rollbacks; a bet is sent by its placement, which alone may give it up) in the
   * order they were written, `limit` at a time with `concurrency` in flight. Answers how many it tried.
   */
  const sendDue = async ({ limit = 500, concurrency = 16 } = {}): Promise<number> => {
    if (isClosed) return 0;
    const due = (
      await store.query<CallRow>(
        `select id, slip_id, method, transaction_uuid, vendor_code, request_uuid, body from sb_wallet_calls
           where status = 'pending' and method <> 'transaction/bet' and next_attempt_at <= now()
           order by id limit $1`,
        [limit],
      )
    ).map(recordedOf);
    let next = 0;
    const worker = async () => {
      for (let call = due[next++]; call && holds === 0; call = due[next++]) await attempt(call);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
    return due.length;
  };

  /**
   * Sends the due calls in the background (after a settlement or a cash-out, and on a timer); failures are
   * logged. Runs never overlap (two would send the same calls at once): a kick during a run, or while the
   * sender is held, asks for one more run after it.
   */
  const kick = (): void => {
    if (isClosed) return;
    if (running || holds > 0) {
      isAskedAgain = true;
      return;
    }
    isAskedAgain = false;
    running = sendDue({ limit: dueBatch })
      .then((tried) => {
        // A full batch: more may be due (after a settlement, say); they go next, not at the next kick.
        if (tried === dueBatch) isAskedAgain = true;
      })
      .catch((error: unknown) => {
        log?.error({ err: error }, 'wallet calls failed; they are tried again');
      })
      .finally(() => {
        running = undefined;
        if (isAskedAgain) kick();
      });
  };

  return {
    attempt,
    deliver,
    sendDue,
    kick,
    /**
     * Holds the background sends (a run under way stops taking calls) until the function it answers is called;
     * then what was asked for meanwhile goes out. The calls wait safely in the store.
     */
    hold: (): (() => void) => {
      holds += 1;
      let isHeld = true;
      return () => {
        if (!isHeld) return;
        isHeld = false;
        holds -= 1;
        if (holds === 0 && isAskedAgain) kick();
      };
    },
    /** Stops sending and waits for what is under way (before the store closes). */
    close: async (): Promise<void> => {
      isClosed = true;
      await running;
    },
  };
};

export type WalletCallSender = ReturnType<typeof createWalletCallSender>;
