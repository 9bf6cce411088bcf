import { useState, type SyntheticEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { Pager } from '../../components/pager';
import { DialogActions } from '../../components/shared-dialog-actions';
import { TextField } from '../../components/shared-field';
import { FilterBar } from '../../components/shared-filter-bar';
import { formatMoney } from '../../lib/format';
import { useCan } from '../session/api';
import { useAgentTree, useLocateMember, useMoveMember, type AgentTreeNode } from './api';
import './agents.css';

/** "1 member", "3 members". */
const count = (amount: number, one: string, many: string) => `${amount} ${amount === 1 ? one : many}`;

/** What moves with a member: itself, and for an agent, everyone below it. */
const describeLoad = (node: AgentTreeNode): string =>
  node.downlineSize === 0
    ? `${node.isAgent ? 'agent' : 'member'} ${node.account}`
    : `${node.isAgent ? 'agent' : 'member'} ${node.account} and the ${count(node.downlineSize, 'member', 'members')} below it (${count(node.directAgents, 'direct sub-agent', 'direct sub-agents')}, ${count(node.directMembers, 'direct player', 'direct players')})`;

const placeOf = (upline: string | null) => (upline === null ? 'the top of the tree' : `agent ${upline}`);

/**
 * Moving a member under another agent (or to the top) in two steps: the new upline and the reason, then a
 * confirmation that says what moves from where to where. The server refuses a move under the member's own
 * downline, an upline that is no agent and unknown names, in its own words.
 */
const MoveDialog = ({
  node,
  onClose,
  onMoved,
}: {
  node: AgentTreeNode;
  onClose: () => void;
  onMoved: (message: string) => void;
}) => {
  const move = useMoveMember();
  const [newUpline, setNewUpline] = useState('');
  const [toTop, setToTop] = useState(false);
  const [reason, setReason] = useState('');
  const [isReviewing, setReviewing] = useState(false);
  const target = toTop ? null : newUpline.trim();
  const isReady = (toTop || newUpline.trim() !== '') && reason.trim().length >= 3;
  const review = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isReady) setReviewing(true);
  };
  const confirm = () => {
    move.mutate(
      { username: node.account, newUpline: target, reason: reason.trim() },
      {
        onSuccess: (moved) => {
          onMoved(
            `${moved.account} moved from ${placeOf(moved.previousUpline)} to ${placeOf(moved.newUpline)} with ${count(moved.movedMembers, 'member', 'members')} in all.`,
          );
          onClose();
        },
      },
    );
  };
  return (
    <Dialog title={`Move ${node.account}`} onClose={onClose} testId="move-dialog">
      {isReviewing ? (
        <>
          <p data-testid="move-summary">
            This moves {describeLoad(node)} from {placeOf(node.upline)} to {placeOf(target)}. Everything they
            play from now on counts for their new line; contracts are not changed.
          </p>
          <ErrorMessage error={move.error} testId="move-error" />
          <DialogActions
            onCancel={() => {
              setReviewing(false);
              move.reset();
            }}
            cancelLabel="Back"
            confirmLabel="Confirm move"
            pendingLabel="Moving…"
            isPending={move.isPending}
            tone="danger"
            onConfirm={confirm}
            confirmTestId="move-confirm"
          />
        </>
      ) : (
        <form onSubmit={review} noValidate>
          <p className="muted">
            Now under {placeOf(node.upline)}. Moves {describeLoad(node)}.
          </p>
          <TextField
            label="New upline agent (username)"
            autoFocus
            value={newUpline}
            disabled={toTop}
            onChange={setNewUpline}
            testId="move-new-upline"
          />
          <label className="radio">
            <input
              type="checkbox"
              checked={toTop}
              onChange={(event) => {
                setToTop(event.target.checked);
              }}
              data-testid="move-to-top"
            />
            Move to the top of the tree (no upline)
          </label>
          <label>
            Reason (required, kept in the audit trail)
            <textarea
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
              }}
              data-testid="move-reason"
            />
          </label>
          <DialogActions
            onCancel={onClose}
            confirmLabel="Review move"
            isDisabled={!isReady}
            confirmTestId="move-review"
          />
        </form>
      )}
    </Dialog>
  );
};

type NodeActions = { onMove: ((node: AgentTreeNode) => void) | null; onFocus: (account: string) => void };

/** One member of the tree; its direct downline is read when it is opened. */
const TreeNode = ({
  node,
  currency,
  actions,
  isInitiallyOpen = false,
}: {
  node: AgentTreeNode;
  currency: string;
  actions: NodeActions;
  isInitiallyOpen?: boolean;
}) => {
  const [isOpen, setOpen] = useState(isInitiallyOpen);
  const hasChildren = node.directMembers + node.directAgents > 0;
  const { onMove } = actions;
  return (
    <li className="agent-tree__item" data-testid={`agent-node-${node.account}`}>
      <div className="agent-tree__row">
        <button
          type="button"
          className="button button--plain agent-tree__toggle"
          disabled={!hasChildren}
          aria-expanded={hasChildren ? isOpen : undefined}
          aria-label={`${isOpen ? 'Close' : 'Open'} ${node.account}`}
          onClick={() => {
            setOpen(!isOpen);
          }}
          data-testid={`agent-toggle-${node.account}`}
        >
          {hasChildren ? (isOpen ? '▾' : '▸') : '·'}
        </button>
        <strong>{node.account}</strong>
        <span className="muted">{node.nickname}</span>
        <span className="badge">{node.isAgent ? 'Agent' : 'Player'}</span>
        <span className={node.status === 'active' ? 'badge badge--approved' : 'badge badge--rejected'}>
          {node.status}
        </span>
        <span className="agent-tree__counts" data-testid={`agent-counts-${node.account}`}>
          {count(node.directAgents, 'sub-agent', 'sub-agents')} ·{' '}
          {count(node.directMembers, 'player', 'players')} · {node.downlineSize} below
        </span>
        <span className="number" data-testid={`agent-balance-${node.account}`}>
          {formatMoney(node.balance, currency)}
        </span>
        {onMove ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              onMove(node);
            }}
            data-testid={`agent-move-${node.account}`}
          >
            Move…
          </button>
        ) : null}
      </div>
      {isOpen ? <TreeLevel parent={node.account} actions={actions} /> : null}
    </li>
  );
};

/** The brand's top agents (no parent) or one member's direct downline, a page at a time. */
const TreeLevel = ({ parent, actions }: { parent: string | null; actions: NodeActions }) => {
  const [pageNo, setPageNo] = useState(1);
  const level = useAgentTree(parent, pageNo);
  const nodes = level.data?.list ?? [];
  return (
    <>
      <ErrorMessage error={level.error} />
      {level.isPending ? <p className="muted">Loading…</p> : null}
      {level.isSuccess && nodes.length === 0 ? (
        <p className="empty" data-testid={parent === null ? 'agent-tree-empty' : undefined}>
          {parent === null ? 'The brand has no agents yet.' : 'Nobody below.'}
        </p>
      ) : null}
      <ul className="agent-tree" data-testid={`agent-level-${parent ?? '(top)'}`}>
        {nodes.map((node) => (
          <TreeNode key={node.id} node={node} currency={level.data?.currency ?? ''} actions={actions} />
        ))}
      </ul>
      <Pager
        pageNo={pageNo}
        totalPages={level.data?.totalPages ?? 1}
        onChange={setPageNo}
        testId={`agent-pager-${parent ?? '(top)'}`}
      />
    </>
  );
};

/** A found member: its upline path (each a link to its own place), and the member with its downline open. */
const LocatedMember = ({ username, actions }: { username: string; actions: NodeActions }) => {
  const located = useLocateMember(username);
  const path = located.data?.path ?? [];
  const member = path.at(-1);
  return (
    <>
      <ErrorMessage error={located.error} testId="agent-search-error" />
      {member ? (
        <>
          <nav aria-label="Upline path" className="agent-path" data-testid="agent-path">
            {path.slice(0, -1).map((upline) => (
              <span key={upline.id}>
                <button
                  type="button"
                  className="button button--plain"
                  onClick={() => {
                    actions.onFocus(upline.account);
                  }}
                  data-testid={`agent-path-${upline.account}`}
                >
                  {upline.account}
                </button>{' '}
                ›{' '}
              </span>
            ))}
            <strong>{member.account}</strong>
          </nav>
          <ul className="agent-tree">
            <TreeNode
              key={member.id}
              node={member}
              currency={located.data?.currency ?? ''}
              actions={actions}
              isInitiallyOpen
            />
          </ul>
        </>
      ) : null}
    </>
  );
};

/**
 * The brand's agent tree: the top agents, each opened level by level (direct players and sub-agents, balance,
 * status), a member found by name in its place with its upline path, and a member (with everything below it)
 * moved under another agent by staff with agents.move_member.
 */
export const AgentTreePage = () => {
  const canMove = useCan()('agents.move_member');
  const [search, setSearch] = useState('');
  const [focus, setFocus] = useState<string | null>(null);
  const [moving, setMoving] = useState<AgentTreeNode | null>(null);
  const [moved, setMoved] = useState<string | null>(null);
  const actions: NodeActions = {
    onMove: canMove
      ? (node) => {
          setMoved(null);
          setMoving(node);
        }
      : null,
    onFocus: (account) => {
      setSearch(account);
      setFocus(account);
    },
  };
  const find = () => {
    setFocus(search.trim() === '' ? null : search.trim());
  };
  return (
    <section aria-labelledby="agent-tree-title">
      <header className="page-header">
        <h1 id="agent-tree-title">Agent tree</h1>
      </header>
      <FilterBar
        label="Find a member in the tree"
        onApply={find}
        submitLabel="Find"
        submitTestId="agent-search-submit"
        actions={
          focus !== null ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                setSearch('');
                setFocus(null);
              }}
              data-testid="agent-search-clear"
            >
              Top agents
            </button>
          ) : null
        }
      >
        <TextField label="Username" value={search} onChange={setSearch} testId="agent-search-input" />
      </FilterBar>
      {moved ? (
        <p className="success" role="status" data-testid="move-result">
          {moved}
        </p>
      ) : null}
      {focus === null ? (
        <TreeLevel parent={null} actions={actions} />
      ) : (
        <LocatedMember key={focus} username={focus} actions={actions} />
      )}
      {moving ? (
        <MoveDialog
          node={moving}
          onClose={() => {
            setMoving(null);
          }}
          onMoved={setMoved}
        />
      ) : null}
    </section>
  );
};
