import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, repositoryRoot } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(path.join(repositoryRoot, 'data'));
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('stops with a readable list of every bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: must start with postgres/,
    );
  });
});
