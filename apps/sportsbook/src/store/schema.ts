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
  // A fixture's legs in slip order: its settlement reads them a chunk at a time.
  `create index if not exists sb_legs_fixture_slip on sb_legs (fixture_id, slip_id)`,
  `drop index if exists sb_legs_fixture`,
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
  `create index if not exists sb_wallet_calls_slip on sb_wallet_calls (slip_id)`,
  // What the open slips (and those being placed) stand to cost on each market: the book's liability (the sum of
  // their potential returns) in the row of player '', and each player's stake in his own row. Kept by the
  // statements that place and close slips, so a limit is one conditional update of one row; created with the
  // open slips' sums when a store first gets it.
  `do $$ begin
    if to_regclass('sb_exposure') is null then
      create table sb_exposure (
        market_id text not null,
        player text not null,
        amount bigint not null,
        primary key (market_id, player)
      );
      insert into sb_exposure (market_id, player, amount)
        select l.market_id, '', sum(s.potential_return) from sb_legs l join sb_slips s on s.id = l.slip_id
        where s.status in ('placing', 'open') group by l.market_id
        union all
        select l.market_id, s.player, sum(s.total_stake) from sb_legs l join sb_slips s on s.id = l.slip_id
        where s.status in ('placing', 'open') group by l.market_id, s.player;
    end if;
  end $$`,
  // Places slips (a JSON array; see placeSlips), one after another, each if every limit still allows it: its
  // potential return added to the liability row (player '') of each of its markets and its stake to the player's
  // row of each, then the slip, its legs, its fixtures and its bet call written. Every exposure row the slips may
  // take is locked first, in one order (the order in which settlements lock the rows they give back), so two
  // statements never wait on each other. Answers per slip, in order, its ids or why not.
  `create or replace function sb_place_slips(p_slips jsonb, p_max_liability bigint, p_max_stake bigint)
    returns table (new_slip bigint, new_placed_at timestamptz, new_bet bigint, refusal text)
    language plpgsql as $$
  declare
    slip jsonb;
    markets text[];
    players text[];
    is_liability_within boolean;
    is_stake_within boolean;
  begin
    insert into sb_exposure (market_id, player, amount)
      select w.market_id, w.player, 0
      from (select distinct m.market_id, x.player from jsonb_array_elements(p_slips) as s(item)
              cross join jsonb_array_elements_text(s.item -> 'markets') as m(market_id)
              cross join lateral (values (''), (s.item ->> 'player')) as x(player)) as w
      order by w.market_id collate "C", w.player collate "C"
      on conflict (market_id, player) do nothing;
    select array_agg(distinct m.market_id), array_agg(distinct s.item ->> 'player') || array['']
      into markets, players
      from jsonb_array_elements(p_slips) as s(item)
        cross join jsonb_array_elements_text(s.item -> 'markets') as m(market_id);
    perform 1 from sb_exposure e where e.market_id = any(markets) and e.player = any(players)
      order by e.market_id collate "C", e.player collate "C" for update;
    for slip in select s.item from jsonb_array_elements(p_slips) as s(item) loop
      markets := array(select jsonb_array_elements_text(slip -> 'markets'));
      players := array['', slip ->> 'player'];
      select coalesce(bool_and(e.amount + (slip ->> 'potential')::bigint <= p_max_liability)
               filter (where e.player = ''), false),
             coalesce(bool_and(e.amount + (slip ->> 'stake')::bigint <= p_max_stake)
               filter (where e.player <> ''), false)
        into is_liability_within, is_stake_within
        from sb_exposure e where e.market_id = any(markets) and e.player = any(players);
      new_slip := null;
      new_placed_at := null;
      new_bet := null;
      refusal := case when not is_liability_within then 'liability'
                      when not is_stake_within then 'player_limit' end;
      if refusal is null then
        update sb_exposure e
          set amount = e.amount + case when e.player = '' then (slip ->> 'potential')::bigint
                                       else (slip ->> 'stake')::bigint end
          where e.market_id = any(markets) and e.player = any(players);
        insert into sb_fixtures (id, sport, league, home, away, kickoff_at, status)
          select id, sport, league, home, away, kickoff_at, status
          from jsonb_to_recordset(slip -> 'fixtures') as x(id text, sport text, league text, home text, away text,
            kickoff_at timestamptz, status text)
          on conflict (id) do nothing;
        insert into sb_slips (round_ref, player, currency, vendor_code, game_code, kind, line_count,
            stake_per_line, total_stake, potential_return, status)
          values (slip ->> 'round_ref', slip ->> 'player', slip ->> 'currency', slip ->> 'vendor_code',
            slip ->> 'game_code', slip ->> 'kind', (slip ->> 'line_count')::integer,
            (slip ->> 'stake_per_line')::bigint, (slip ->> 'stake')::bigint, (slip ->> 'potential')::bigint,
            'placing')
          returning id, placed_at into new_slip, new_placed_at;
        insert into sb_legs (slip_id, leg, fixture_id, market_id, market, selection, odds)
          select new_slip, x.leg, x.fixture_id, x.market_id, x.market, x.selection, x.odds
          from jsonb_to_recordset(slip -> 'legs') as x(leg integer, fixture_id text, market_id text, market jsonb,
            selection text, odds integer);
        insert into sb_wallet_calls (slip_id, method, transaction_uuid, amount, vendor_code, request_uuid, body,
            signature)
          values (new_slip, slip -> 'bet' ->> 'method', (slip -> 'bet' ->> 'transaction_uuid')::uuid,
            (slip -> 'bet' ->> 'amount')::bigint, slip ->> 'vendor_code', slip -> 'bet' ->> 'request_uuid',
            slip -> 'bet' ->> 'body', '')
          returning id into new_bet;
      end if;
      return next;
    end loop;
  end $$`,
  // The result version whose settlement (and resettlement, after a correction) has reached every slip.
  `alter table sb_fixtures add column if not exists settled_result_version integer not null default 0`,
  // Paid by partial cash-outs (the slip's stake and potential return are what stays on).
  `alter table sb_slips add column if not exists cashed_out bigint not null default 0`,
];
