import { describe, expect, it } from 'vitest';
import { buildContract } from '../testing/agent-fixtures';
import { choicesFor } from './contract-actions';

const actionsOf = (overrides: Parameters<typeof buildContract>[0]) =>
  choicesFor(buildContract(overrides)).map((choice) => choice.action);

describe('what a side may do with a contract', () => {
  it('lets the downline accept or reject an offer, and the upline only withdraw it', () => {
    expect(actionsOf({ status: 'PENDING', myRole: 'DOWNLINE' })).toEqual(['ACCEPT', 'REJECT']);
    expect(actionsOf({ status: 'PENDING', myRole: 'UPLINE' })).toEqual(['CANCEL']);
  });

  it('lets either side ask to end an active contract, and only the other side answer the request', () => {
    expect(actionsOf({ status: 'ACTIVE', myRole: 'UPLINE' })).toEqual(['TERMINATE']);
    expect(actionsOf({ status: 'ACTIVE', myRole: 'DOWNLINE' })).toEqual(['TERMINATE']);
    expect(actionsOf({ status: 'ACTIVE', myRole: 'UPLINE', terminationRequestedBy: 'UPLINE' })).toEqual([]);
    expect(actionsOf({ status: 'ACTIVE', myRole: 'UPLINE', terminationRequestedBy: 'DOWNLINE' })).toEqual([
      'ACCEPT',
      'REJECT',
    ]);
  });

  it('offers nothing on an ended contract', () => {
    for (const status of ['REJECTED', 'CANCELLED', 'TERMINATED'] as const) {
      expect(actionsOf({ status, myRole: 'UPLINE' })).toEqual([]);
    }
  });
});
