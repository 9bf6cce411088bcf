import { describe, expect, it } from 'vitest';
import { isWhitelabelEnabled, type WhitelabelNode } from './site';

const tree: WhitelabelNode[] = [
  {
    modId: 'LOGIN',
    enabled: '1',
    children: [{ modId: 'FREEPLAY3', enabled: '1', children: [] }],
  },
  {
    modId: 'REGISTRATION',
    enabled: '0',
    children: [{ modId: 'MOBILENUMREG3', enabled: '1', children: [] }],
  },
  { modId: 'PASSWORD', enabled: '1', children: [{ modId: 'CHNGPASSMAIL3', enabled: '0', children: [] }] },
];

describe('isWhitelabelEnabled', () => {
  it('is true for an enabled flag under an enabled group', () => {
    expect(isWhitelabelEnabled(tree, 'FREEPLAY3')).toBe(true);
  });
  it('is false when the group is switched off', () => {
    expect(isWhitelabelEnabled(tree, 'MOBILENUMREG3')).toBe(false);
  });
  it('is false for a disabled or absent flag', () => {
    expect(isWhitelabelEnabled(tree, 'CHNGPASSMAIL3')).toBe(false);
    expect(isWhitelabelEnabled(tree, 'VIP3')).toBe(false);
  });
});
