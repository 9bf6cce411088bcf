import type { MemberSearchField } from '@wps/contracts/members';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOfResult } from '../../db/database';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { payoutAccounts } from '../payments/payments.tables';
import { brands } from '../site/site.tables';
import { searchCriteria } from './member-search';
import { memberSearchIdsQuery } from './members.repository';
import { members } from './members.tables';

type Found = {
  id: string;
  account: string;
  phone: string | null;
  email: string | null;
  realName: string | null;
  upline: string | null;
  lastLoginIp: string | null;
};
type SearchPage = { list: Found[]; pageNo: number; totalCount: number; totalPages: number };

/** Issue 30 point 5: staff find a member by phone, email, real name, id or username, within the brand. */
describe('operator: member search', () => {
  let testApp: TestApp;
  let headers: Record<string, string>;
  let brandId: bigint;
  let ana: { id: bigint };

  const addMember = async (values: Partial<typeof members.$inferInsert> & { username: string }) => {
    const [row] = await testApp.database.db
      .insert(members)
      .values({ brandId, nickname: values.username, ...values })
      .returning({ id: members.id });
    if (!row) throw new Error('member not created');
    return row;
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const [demo] = await db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!demo) throw new Error('no demo brand');
    brandId = demo.id;
    ana = await addMember({
      username: 'anareyes',
      payeeName: 'Ana Reyes',
      email: 'Ana.Reyes@Example.com',
      countryDialingCode: '92',
      mobileNum: '3001234567',
    });
    await addMember({ username: 'anabel', payeeName: 'Anabel Cruz', email: 'anabel@example.org' });
    await addMember({
      username: 'percent_man',
      payeeName: '100% Real',
      countryDialingCode: '92',
      mobileNum: '3007654321',
    });
    // Another brand's member of the same details is never found from this one.
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = demo;
    const [other] = await db
      .insert(brands)
      .values({ ...rest, merchantCode: 'SEARCHOTHER' })
      .returning({ id: brands.id });
    if (!other) throw new Error('no other brand');
    await db.insert(members).values({
      brandId: other.id,
      username: 'anareyes',
      nickname: 'anareyes',
      payeeName: 'Ana Reyes',
      email: 'ana.reyes@example.com',
      countryDialingCode: '92',
      mobileNum: '3001234567',
    });
    headers = await operatorHeaders(testApp.app);
  });
  afterAll(() => testApp.close());

  const search = async (
    q: string,
    field?: string,
    as: Record<string, string> = headers,
    more: Record<string, string> = {},
  ) => {
    const query = new URLSearchParams({ q, ...(field ? { field } : {}), ...more });
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/wps/backoffice/members?${query.toString()}`,
      headers: as,
    });
    return response.json<{ success: boolean; code?: string; value: SearchPage }>();
  };
  const accounts = async (q: string, field?: string) =>
    (await search(q, field)).value.list.map((member) => member.account);

  it('finds a member by phone, with or without the dialing code, a leading 0, spaces and dashes', async () => {
    for (const phone of ['3001234567', '+92 300 123 4567', '923001234567', '0300-1234567']) {
      expect(await accounts(phone, 'phone')).toEqual(['anareyes']);
    }
    expect(await accounts('300123', 'phone')).toEqual([]);
    const [found] = (await search('3001234567', 'phone')).value.list;
    expect(found).toMatchObject({
      id: ana.id.toString(),
      phone: '+92 3001234567',
      email: 'Ana.Reyes@Example.com',
      realName: 'Ana Reyes',
    });
  });

  it('finds a member by email, in any case, whole or by its start', async () => {
    expect(await accounts('ana.reyes@example.com', 'email')).toEqual(['anareyes']);
    expect(await accounts('ANA', 'email')).toEqual(['anabel', 'anareyes']);
    expect(await accounts('example.com', 'email')).toEqual([]);
  });

  it('finds a member by real name by its start, in any case', async () => {
    expect(await accounts('ana reyes', 'realName')).toEqual(['anareyes']);
    expect(await accounts('ANA', 'realName')).toEqual(['anabel', 'anareyes']);
    // LIKE's own characters are taken literally.
    expect(await accounts('100%', 'realName')).toEqual(['percent_man']);
    expect(await accounts('%', 'realName')).toEqual([]);
  });

  it('finds a member by id, and by username', async () => {
    expect(await accounts(ana.id.toString(), 'id')).toEqual(['anareyes']);
    expect(await accounts('99999999999999999999', 'id')).toEqual([]);
    expect(await accounts('PERCENT_', 'username')).toEqual(['percent_man']);
    expect(await accounts('percent%', 'username')).toEqual([]);
  });

  it('tries every field by default, newest first, and only in the brand the request names', async () => {
    expect(await accounts('ana')).toEqual(['anabel', 'anareyes']);
    expect(await accounts('+92 300 765 4321')).toEqual(['percent_man']);
    expect(await accounts(ana.id.toString())).toEqual(['anareyes']);
    // Roles are per brand: the operator acts there with their role there.
    const elsewhere = await search('ana', undefined, await operatorHeaders(testApp.app, 'SEARCHOTHER'));
    expect(elsewhere.value.list).toHaveLength(1);
    expect(elsewhere.value.list[0]?.id).not.toBe(ana.id.toString());
  });

  it('finds the members under an upline agent, by its username in any case', async () => {
    const agent = await addMember({ username: 'LotusUpline', type: 1 });
    await addMember({ username: 'underlotus1', uplineId: agent.id });
    await addMember({ username: 'underlotus2', uplineId: agent.id });
    expect(await accounts('lotusupline', 'upline')).toEqual(['underlotus2', 'underlotus1']);
    const [found] = (await search('LOTUSUPLINE', 'upline')).value.list;
    expect(found?.upline).toBe('LotusUpline');
    expect(await accounts('lotus', 'upline')).toEqual([]);
  });

  it('finds a member by a payout account number (removed accounts too) and by the last login address', async () => {
    const member = await addMember({ username: 'payoutfinder', lastLoginIp: '198.51.100.23' });
    await testApp.database.db.insert(payoutAccounts).values({
      brandId,
      memberId: member.id,
      method: 'bank',
      providerName: 'BDO',
      accountNumber: '001122334455',
      holderName: 'Payout Finder',
      removedAt: new Date(),
    });
    expect(await accounts('001122334455', 'payoutAccount')).toEqual(['payoutfinder']);
    expect(await accounts('0011223344', 'payoutAccount')).toEqual([]);
    expect(await accounts('001122334455')).toEqual(['payoutfinder']);
    expect(await accounts('198.51.100.23', 'lastLoginIp')).toEqual(['payoutfinder']);
    expect(await accounts('198.51.100.23')).toEqual(['payoutfinder']);
    const [found] = (await search('198.51.100.23', 'lastLoginIp')).value.list;
    expect(found?.lastLoginIp).toBe('198.51.100.23');
  });

  it('finds members by a tag staff gave them', async () => {
    const member = await addMember({ username: 'taggedone' });
    const tagged = await testApp.app.inject({
      method: 'POST',
      url: `/wps/backoffice/members/${member.id.toString()}/tags`,
      headers,
      payload: { tag: 'Chargeback Watch' },
    });
    expect(tagged.json()).toMatchObject({ success: true, value: { tags: ['chargeback watch'] } });
    expect(await accounts('chargeback watch', 'tag')).toEqual(['taggedone']);
    expect(await accounts('CHARGEBACK WATCH')).toEqual(['taggedone']);
  });

  it('answers a page at a time, sorted by registration, username or last login as asked', async () => {
    for (const [index, name] of ['pagec', 'pagea', 'pagee', 'pageb', 'paged'].entries()) {
      await addMember({
        username: name,
        lastLoginAt: index === 2 ? null : new Date(Date.UTC(2025, 0, 1 + ((index * 3) % 5))),
      });
    }
    const page = async (more: Record<string, string>) =>
      (await search('page', 'username', headers, more)).value;

    const first = await page({ pageSize: '2' });
    expect(first).toMatchObject({ pageNo: 1, totalCount: 5, totalPages: 3 });
    expect(first.list.map((member) => member.account)).toEqual(['paged', 'pageb']);
    const last = await page({ pageSize: '2', pageNo: '3' });
    expect(last.list.map((member) => member.account)).toEqual(['pagec']);

    const byName = await page({ sort: 'username', order: 'asc', pageSize: '3', pageNo: '2' });
    expect(byName.list.map((member) => member.account)).toEqual(['paged', 'pagee']);
    // Latest login first; never logged in last whatever the order.
    const byLogin = await page({ sort: 'lastLogin', order: 'desc' });
    expect(byLogin.list.map((member) => member.account)).toEqual([
      'pageb',
      'pagea',
      'paged',
      'pagec',
      'pagee',
    ]);
    const byLoginAscending = await page({ sort: 'lastLogin', order: 'asc' });
    expect(byLoginAscending.list.map((member) => member.account)).toEqual([
      'pagec',
      'paged',
      'pagea',
      'pageb',
      'pagee',
    ]);
    expect(await search('page', 'username', headers, { sort: 'balance' })).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
    });
  });

  it('lets every staff role search, and nobody without a staff session', async () => {
    const support = await createStaff(testApp.app, { role: 'support', username: 'search-support' });
    expect((await search('anareyes', 'username', support)).value.list).toHaveLength(1);
    expect(await search('anareyes', 'username', {})).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(await search('', 'username')).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('is answered from indexes, never by reading every member', async () => {
    const { db } = testApp.database;
    // Enough members that reading them all costs more than an index, as in a real brand.
    await db.execute(sql`
      insert into members (brand_id, username, nickname, email, payee_name, country_dialing_code, mobile_num)
      select ${brandId}, 'bulk' || n, 'bulk' || n, 'bulk' || n || '@example.net', 'Bulk Member ' || n, '63',
        (9170000000 + n)::text
      from generate_series(1, 5000) n`);
    await db.execute(sql`analyze members`);
    const planOf = async (words: string, field: MemberSearchField) => {
      const query = memberSearchIdsQuery(brandId, searchCriteria(words, field));
      if (query === undefined) throw new Error(`no query for ${field}`);
      return rowsOfResult<Record<string, string>>(await db.execute(sql`explain ${query}`))
        .map((row) => Object.values(row).join(''))
        .join('\n');
    };
    const expected: Array<[string, MemberSearchField, RegExp]> = [
      ['3001234567', 'phone', /members_brand_mobile_num_idx/],
      ['ana.reyes@', 'email', /members_brand_email_search_idx/],
      ['ana reyes', 'realName', /members_brand_payee_name_search_idx/],
      ['anareyes', 'username', /members_brand_username_(search_idx|key)/],
      [ana.id.toString(), 'id', /members_pkey/],
      ['203.0.113.99', 'lastLoginIp', /members_brand_last_login_ip_idx/],
      ['anabel', 'upline', /members_upline_idx/],
    ];
    for (const [words, field, index] of expected) {
      const plan = await planOf(words, field);
      expect(plan, `${field}:\n${plan}`).toMatch(index);
      expect(plan, `${field}:\n${plan}`).not.toMatch(/Seq Scan/);
    }
    // The payout accounts and tags of this test are a handful of rows, which a scan reads fastest; members,
    // which are many, are never read whole.
    const any = await planOf('3001234567', 'any');
    expect(any, any).not.toMatch(/Seq Scan on members/);
    expect(any, any).toMatch(/members_brand_mobile_num_idx/);
  });
});
