import { memberSearchFields } from '@wps/contracts/members';
import { useState, type SyntheticEvent } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { formatDateTime } from '../../lib/format';
import { useMemberSearch, type MemberSearchField } from './api';

const fieldLabels: Record<MemberSearchField, string> = {
  any: 'Any field',
  username: 'Username',
  phone: 'Phone',
  email: 'Email',
  realName: 'Real name',
  id: 'Member ID',
};

const isSearchField = (value: string): value is MemberSearchField =>
  (memberSearchFields as readonly string[]).includes(value);

/** The field named in the address, else any. */
export const searchFieldOf = (value: string | null): MemberSearchField =>
  value !== null && isSearchField(value) ? value : 'any';

/** 0 member, 1/2/41/42 agent, 4 trial (spec section 3). */
const typeLabel = (type: number): string => (type === 0 ? 'Member' : type === 4 ? 'Trial' : 'Agent');

const columns = ['ID', 'Username', 'Real name', 'Phone', 'Email', 'Type', 'Status', 'Registered', ''];

export type MemberSearchProps = {
  q: string;
  field: MemberSearchField;
  selected: string;
  onSearch: (q: string, field: MemberSearchField) => void;
  onOpen: (account: string) => void;
};

/**
 * Find members by username, phone (with or without the dialing code), email, real name (each by its start,
 * any case) or member ID, or any of them; the results list opens one member below it.
 */
export const MemberSearch = ({ q, field, selected, onSearch, onOpen }: MemberSearchProps) => {
  const [input, setInput] = useState(q);
  const [fieldInput, setFieldInput] = useState<MemberSearchField>(field);
  const results = useMemberSearch(q, field);
  const list = results.data?.list ?? [];

  const search = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(input.trim(), fieldInput);
  };

  return (
    <>
      <form className="inline-form" onSubmit={search} role="search">
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
        <label>
          Username, phone, email, real name or ID
          <input
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
      {q === '' ? null : (
        <section aria-label="Members found" className="member-results">
          <ListTable
            testId="member-results"
            columns={columns}
            isLoading={results.isPending}
            isEmpty={results.isSuccess && list.length === 0}
            emptyMessage={`No member matches “${q}” in ${fieldLabels[field].toLowerCase()}.`}
            emptyTestId="member-results-empty"
          >
            {list.map((member) => (
              <tr
                key={member.id}
                data-testid={`member-result-${member.id}`}
                className={member.account === selected ? 'row--selected' : undefined}
              >
                <td>{member.id}</td>
                <td>{member.account}</td>
                <td>{member.realName ?? '—'}</td>
                <td>{member.phone ?? '—'}</td>
                <td>{member.email ?? '—'}</td>
                <td>{typeLabel(member.type)}</td>
                <td>{member.status}</td>
                <td>{formatDateTime(member.createdAt)}</td>
                <td>
                  <button
                    type="button"
                    className="button"
                    aria-label={`Open ${member.account}`}
                    onClick={() => {
                      onOpen(member.account);
                    }}
                    data-testid={`member-open-${member.account}`}
                  >
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </ListTable>
          {results.data?.hasMore ? (
            <p className="muted" data-testid="member-results-more">
              Showing the newest 50 matches: type more to narrow the search.
            </p>
          ) : null}
        </section>
      )}
    </>
  );
};
