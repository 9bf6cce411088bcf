-- A small team over a long period reads its own rows only: path first, then the day, figures included.
CREATE INDEX member_figures_daily_team_path_idx ON member_figures_daily (brand_id, path text_pattern_ops, day)
  INCLUDE (member_id, bet_count, bet_amount, valid_bet, payout, deposit_count, deposit_amount, withdrawal_count,
    withdrawal_amount, bonus_amount);
