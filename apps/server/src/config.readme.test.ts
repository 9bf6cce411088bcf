import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configVariables, repositoryRoot } from './config';

describe('README configuration table', () => {
  it('lists every environment variable the configuration reads', () => {
    const readme = readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
    expect(configVariables).toContain('DATABASE_URL');
    expect(configVariables.filter((name) => !readme.includes(`| \`${name}\``))).toEqual([]);
  });
});
