import { describe, expect, it } from 'vitest';
import { isMenuLinkCurrent } from './menu-link-match';

const at = (address: string) => {
  const url = new URL(address, 'http://site.test');
  return { pathname: url.pathname, search: url.search };
};

describe('isMenuLinkCurrent', () => {
  it('marks only the entry whose ?page= is the open one', () => {
    const open = at('/member?page=rewardCenter');
    expect(isMenuLinkCurrent('/member?page=rewardCenter', open, { end: true })).toBe(true);
    expect(isMenuLinkCurrent('/member?page=personalHistoryCopy', open, { end: true })).toBe(false);
    expect(isMenuLinkCurrent('/member?page=referral', open, { end: true })).toBe(false);
    // A page with no ?page= (the centre's first section) is none of the entries that name one.
    expect(isMenuLinkCurrent('/member?page=rewardCenter', at('/member'), { end: true })).toBe(false);
  });

  it('ignores query parameters the link does not name, and compares paths as NavLink does', () => {
    expect(isMenuLinkCurrent('/member?page=referral', at('/member?page=referral&tab=2'), { end: true })).toBe(
      true,
    );
    expect(isMenuLinkCurrent('/promotions', at('/promotions?id=4'), { end: true })).toBe(true);
    expect(isMenuLinkCurrent('/promotions', at('/promotions/4'), { end: true })).toBe(false);
    expect(isMenuLinkCurrent('/promotions', at('/promotions/4'))).toBe(true);
    expect(isMenuLinkCurrent('/promo', at('/promotions'))).toBe(false);
    expect(
      isMenuLinkCurrent('/agentHome?page=registerCenter', at('/agentHome?page=report'), { end: true }),
    ).toBe(false);
  });
});
