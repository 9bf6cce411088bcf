/**
 * The sportsbook's tables. Money is in hundredths of the player's currency (stakes and payouts are paid to the
 * cent; the wallet calls carry them × 1,000 in the protocol's units), odds in thousandths. Every statement is
 * idempotent, so a start brings any store up to date.
 */
export const schemaStatements: readonly string[] = [
  `create table if not exists sb_fixtures (
    id text primary key,
    sport text not null,
    league text not null,
    home text not null,
    away text not null,
    kickoff_at timestamptz not null,
    status text not null,
    result jsonb,
    result_version integer not null default 0,
    updated_at timestamptz not null default now()
  )`,
  `create table if not exists sb_slips (
    id bigint generated always as identity primary key,
    -- The platform's round: unique beyond this store, so a store started afresh never meets its old rounds.
    round_ref text not null unique default ('sb-' || replace(gen_random_uuid()::text, '-', '')),
    player text not null,
    currency text not null,
    vendor_code text not null,
    game_code text not null,
    kind text not null,
    line_count integer not null,
    stake_per_line bigint not null,
    total_stake bigint not null,
    potential_return bigint not null,
    status text not null,
    total_return bigint,
    settled_version integer not null default 0,
    placed_at timestamptz not null default now(),
    settled_at timestamptz,
    constraint sb_slips_status_check
      check (status in ('placing', 'open', 'won', 'lost', 'partly_lost', 'void', 'cashed_out', 'refused'))
  )`,
  `create index if not exists sb_slips_player on sb_slips (player, id desc)`,
  `create table if not exists sb_legs (
    slip_id bigint not null references sb_slips (id),
    leg integer not null,
    fixture_id text not null,
    market_id text not null,
    market jsonb not null,
    selection text not null,
    odds integer not null,
    outcome text,
    primary key (slip_id, leg)
  )`,
  `create index if not exists sb_legs_fixture on sb_legs (fixture_id)`,
  `create index if not exists sb_legs_market on sb_legs (market_id)`,
  // Every call to the platform's wallet, signed once and resent byte for byte until it has a final answer:
  // written in the same transaction as the change of the slip it belongs to, so a crash never loses one.
  `create table if not exists sb_wallet_calls (
    id bigint generated always as identity primary key,
    slip_id bigint not null references sb_slips (id),
    method text not null,
    transaction_uuid uuid not null unique,
    -- The protocol's units (× 100,000).
    amount bigint not null,
    vendor_code text not null,
    request_uuid text not null,
    body text not null,
    signature text not null,
    status text not null default 'pending',
    answer_status text,
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    created_at timestamptz not null default now(),
    constraint sb_wallet_calls_status_check check (status in ('pending', 'done'))
  )`,
  `create index if not exists sb_wallet_calls_pending on sb_wallet_calls (next_attempt_at) where status = 'pending'`,
];
