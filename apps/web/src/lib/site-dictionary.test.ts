import deferred from 'virtual:site-dictionary/deferred';
import shell from 'virtual:site-dictionary/shell';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';

describe('the English dictionary split for the first load', () => {
  it('keeps the on-demand pages’ sections out of the first load and loses no section', () => {
    expect(Object.keys(deferred).sort()).toEqual(
      [
        'agents',
        'bonus_details',
        'fairness',
        'feedback',
        'house_crash',
        'house_slot',
        'house_fishing',
        'house_tables',
        'house_cockfight',
        'house_poker',
        'house_sound',
        'lottery',
        'payments',
        'responsible_gaming',
        'kyc',
        'security_centre',
        'chat',
        'pages',
        'betting',
        'manual_rebate',
        'referral',
        'promotions_page',
        'red_envelope',
        'raffle',
      ].sort(),
    );
    expect(Object.keys(shell)).not.toContain('agents');
    expect({ ...shell, ...deferred }).toEqual(en);
  });
});
