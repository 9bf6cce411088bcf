import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceDirectory = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/contracts/src',
);

/**
 * Contract modules the site's first load imports values from: zod stays out of that load (ARCHITECTURE.md,
 * the site trusts the server's answers), so these must not load it, directly or through another module.
 */
const zodFreeModules = [
  'auth-rules',
  'body-seal',
  'content-rules',
  'errors',
  'event-stream',
  'games-rules',
  'house-games-rules',
  'money',
  'palette-contrast',
  'site-rules',
  'transport-cipher',
  'validation-patterns',
  'validation-rules',
];

/** Every module a module loads at run time (type-only imports and exports are erased). */
const runtimeImports = (moduleName: string): string[] => {
  const source = readFileSync(path.join(sourceDirectory, `${moduleName}.ts`), 'utf8');
  const statements = source.matchAll(
    /^(?:import|export)(?!\s+type\b)[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm,
  );
  return [...statements].map(([, from, bare]) => from ?? bare ?? '');
};

const reachable = (moduleName: string, seen = new Set<string>()): Set<string> => {
  for (const specifier of runtimeImports(moduleName)) {
    const name = specifier.startsWith('./') ? specifier.slice(2) : specifier;
    if (seen.has(name)) continue;
    seen.add(name);
    if (specifier.startsWith('./')) reachable(name, seen);
  }
  return seen;
};

describe('zod-free contract modules', () => {
  it.each(zodFreeModules)('%s loads neither zod nor a module that does', (moduleName) => {
    const loaded = [...reachable(moduleName)];
    expect(loaded).not.toContain('zod');
    expect(loaded.filter((name) => !zodFreeModules.includes(name))).toEqual([]);
  });

  it('sees a schema module load zod', () => {
    expect([...reachable('site')]).toContain('zod');
  });
});
