import { memberSearchFields, memberSearchSorts } from '@wps/contracts/members';
import { useState, type SyntheticEvent } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { Pager } from '../../components/pager';
import { formatDateTime } from '../../lib/format';
import {
  useMemberSearch,
  type MemberSearchField,
  type MemberSearchInput,
  type MemberSearchSort,
} from './api';
import { StatusBadge, typeLabel } from './member-labels';
import { TableScroll } from '../../components/table-scroll';

const fieldLabels: Record<MemberSearchField, string> = {
  any: 'Any field',
  username: 'Username',
  phone: 'Phone',
  email: 'Email',
  realName: 'Real name',
  id: 'Member ID',
  upline: 'Agent (upline) username',
  payoutAccount: 'Payout account number',
  lastLoginIp: 'Last login IP',
  tag: 'Tag',
};

const isSearchField = (value: string): value is MemberSearchField =>
  (memberSearchFields as readonly string[]).includes(value);

/** The field named in the address, else any. */
export const searchFieldOf = (value: string | null): MemberSearchField =>
  value !== null && isSearchField(value) ? value : 'any';

/** The sort named in the address, else by registration. */
export const searchSortOf = (value: string | null): MemberSearchSort =>
  memberSearchSorts.find((sort) => sort === value) ?? 'registered';

type Column = { heading: string; sortBy?: MemberSearchSort };
const columns: readonly Column[] = [
  { heading: 'ID' },
  { heading: 'Username', sortBy: 'username' },
  { heading: 'Real name' },
  { heading: 'Phone' },
  { heading: 'Email' },
  { heading: 'Agent' },
  { heading: 'Type' },
  { heading: 'Status' },
  { heading: 'Registered', sortBy: 'registered' },
  { heading: 'Last login', sortBy: 'lastLogin' },
  { heading: 'Open' },
];

/** A heading's first press: names A to Z, times newest first; the next press turns it round. */
const firstOrder: Record<MemberSearchSort, 'asc' | 'desc'> = {
  username: 'asc',
  registered: 'desc',
  lastLogin: 'desc',
};
const flipped = (order: 'asc' | 'desc') => (order === 'asc' ? 'desc' : 'asc');

export type MemberSearchProps = {
  search: MemberSearchInput;
  onSearch: (q: string, field: MemberSearchField) => void;
  onSort: (sort: MemberSearchSort, order: 'asc' | 'desc') => void;
  onPage: (pageNo: number) => void;
  onOpen: (memberId: string) => void;
  /** The results list is folded away while a member is open. */
  showsResults: boolean;
};

/**
 * Find members by any of their details (username, phone, email, real name, id, agent, payout account number,
 * last login address, tag) or all of them, a page at a time, sorted on the server.
 */
export const MemberSearch = ({
  search,
  onSearch,
  onSort,
  onPage,
  onOpen,
  showsResults,
}: MemberSearchProps) => {
  const [input, setInput] = useState(search.q);
  const [fieldInput, setFieldInput] = useState<MemberSearchField>(search.field);
  const results = useMemberSearch(search);
  const list = results.data?.list ?? [];

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(input.trim(), fieldInput);
  };

  return (
    <>
      <form className="inline-form" onSubmit={submit} role="search" aria-label="Members">
        <label>
          Search in
          <select
            value={fieldInput}
            onChange={(event) => {
              if (isSearchField(event.target.value)) setFieldInput(event.target.value);
            }}
            data-testid="member-search-field"
          >
            {memberSearchFields.map((value) => (
              <option key={value} value={value}>
                {fieldLabels[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="member-search__words">
          Username, phone, email, name, ID, agent, account number, IP or tag
          <input
            type="search"
            value={input}
            autoComplete="off"
            maxLength={100}
            onChange={(event) => {
              setInput(event.target.value);
            }}
            data-testid="member-search-input"
          />
        </label>
        <button type="submit" className="button button--primary" data-testid="member-search-submit">
          Search
        </button>
      </form>
      <ErrorMessage error={results.error} testId="member-search-error" />
      {search.q === '' || !showsResults ? null : (
        <section aria-label="Members found" className="member-results">
          <p className="muted" role="status" data-testid="member-results-count">
            {results.data ? `${results.data.totalCount} found` : 'Searching…'}
          </p>
          <TableScroll label="Members found">
            <table className="table" data-testid="member-results">
              <thead>
                <tr>
                  {columns.map(({ heading, sortBy }) => {
                    const isSorted = sortBy !== undefined && sortBy === search.sort;
                    return (
                      <th
                        key={heading}
                        scope="col"
                        aria-sort={
                          sortBy === undefined
                            ? undefined
                            : isSorted
                              ? search.order === 'asc'
                                ? 'ascending'
                                : 'descending'
                              : 'none'
                        }
                      >
                        {sortBy === undefined ? (
                          heading
                        ) : (
                          <button
                            type="button"
                            className="sort-button"
                            onClick={() => {
                              onSort(sortBy, isSorted ? flipped(search.order) : firstOrder[sortBy]);
                            }}
                            data-testid={`member-sort-${sortBy}`}
                          >
                            {heading}
                            <span aria-hidden="true">
                              {isSorted ? (search.order === 'asc' ? ' ▲' : ' ▼') : ''}
                            </span>
                          </button>
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {list.map((member) => (
                  <tr key={member.id} data-testid={`member-result-${member.id}`}>
                    <td>{member.id}</td>
                    <td>{member.account}</td>
                    <td>{member.realName ?? '—'}</td>
                    <td>{member.phone ?? '—'}</td>
                    <td>{member.email ?? '—'}</td>
                    <td>{member.upline ?? '—'}</td>
                    <td>{typeLabel(member.type)}</td>
                    <td>
                      <StatusBadge status={member.status} />
                    </td>
                    <td>{formatDateTime(member.createdAt)}</td>
                    <td>
                      {formatDateTime(member.lastLoginAt)}
                      {member.lastLoginIp ? <div className="muted">{member.lastLoginIp}</div> : null}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button"
                        aria-label={`Open ${member.account}`}
                        onClick={() => {
                          onOpen(member.id);
                        }}
                        data-testid={`member-open-${member.account}`}
                      >
                        Open
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {results.isSuccess && list.length === 0 ? (
            <p className="empty" data-testid="member-results-empty">
              No member matches “{search.q}” in {fieldLabels[search.field].toLowerCase()}.
            </p>
          ) : null}
          <Pager
            pageNo={search.pageNo}
            totalPages={results.data?.totalPages ?? 0}
            onChange={onPage}
            testId="member-results-pager"
          />
        </section>
      )}
    </>
  );
};
