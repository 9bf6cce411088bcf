import { useSearchParams } from 'react-router';
import type { MemberSearchInput } from './api';
import { MemberProfileView, profileTabOf } from './member-profile';
import { MemberSearch, searchFieldOf, searchSortOf } from './member-search';
import './members-page.css';

/** The page's state in the address, so a search, a page of results and an open member can be bookmarked. */
const readSearch = (params: URLSearchParams): MemberSearchInput => {
  const pageNo = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').trim(),
    field: searchFieldOf(params.get('field')),
    sort: searchSortOf(params.get('sort')),
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    pageNo: Number.isInteger(pageNo) && pageNo >= 1 ? pageNo : 1,
  };
};

/** Only what differs from the defaults goes in the address. */
const defaults: Record<string, string> = { field: 'any', sort: 'registered', order: 'desc', page: '1' };

/**
 * Members: the search, and one member's profile ("member 360") opened from it. While a member is open the
 * results fold away; "Back to results" brings them back as they were.
 */
export const MembersPage = () => {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const memberId = params.get('member') ?? '';
  const tab = profileTabOf(params.get('tab'));

  const show = (changes: Record<string, string>) => {
    const next = { ...Object.fromEntries(params), ...changes };
    setParams(
      Object.fromEntries(
        Object.entries(next).filter(([name, value]) => value !== '' && defaults[name] !== value),
      ),
    );
  };

  return (
    <section aria-labelledby="members-title">
      <header className="page-header">
        <h1 id="members-title">Members</h1>
      </header>
      <MemberSearch
        key={`${search.field}:${search.q}`}
        search={search}
        showsResults={memberId === ''}
        onSearch={(q, field) => {
          show({ q, field, page: '1', member: '', tab: '' });
        }}
        onSort={(sort, order) => {
          show({ sort, order, page: '1' });
        }}
        onPage={(pageNo) => {
          show({ page: String(pageNo) });
        }}
        onOpen={(id) => {
          show({ member: id, tab: '' });
        }}
      />
      {memberId === '' ? null : (
        <MemberProfileView
          key={memberId}
          memberId={memberId}
          tab={tab}
          onTab={(next) => {
            show({ tab: next === 'overview' ? '' : next });
          }}
          onBack={
            search.q === ''
              ? undefined
              : () => {
                  show({ member: '', tab: '' });
                }
          }
          onOpenMember={(id) => {
            show({ member: id, tab: '' });
          }}
        />
      )}
    </section>
  );
};
