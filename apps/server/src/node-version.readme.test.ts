import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './config';

type Manifest = { name?: string; version?: string; engines?: { node?: unknown } };

const readManifest = (file: string): Manifest => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

/** Every installed package (node_modules of the root and of each workspace, nested ones too). */
const installedManifests = (modulesDir: string): Manifest[] => {
  if (!existsSync(modulesDir)) return [];
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const dir = path.join(modulesDir, entry.name);
      if (entry.name.startsWith('@')) return installedManifests(dir);
      const file = path.join(dir, 'package.json');
      return [
        ...(existsSync(file) ? [readManifest(file)] : []),
        ...installedManifests(path.join(dir, 'node_modules')),
      ];
    });
};

const rootManifest = readManifest(path.join(repositoryRoot, 'package.json'));
const nodeRange = typeof rootManifest.engines?.node === 'string' ? rootManifest.engines.node : '';
const lowestNode = semver.minVersion(nodeRange);

/**
 * The Node.js version the README asks for is the root `engines`, and every installed dependency runs on the
 * lowest version that range allows (so `npm install` never warns EBADENGINE on a supported Node.js).
 */
describe('the Node.js version', () => {
  it('the README states the lowest version package.json engines allow', () => {
    expect(lowestNode).not.toBeNull();
    const readme = readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ${lowestNode?.major ?? ''}.${lowestNode?.minor ?? ''} or newer`);
  });

  it('every installed dependency accepts the lowest Node.js the engines allow', () => {
    const workspaces = [
      'apps/server',
      'apps/web',
      'apps/backoffice',
      'apps/sandbox-gateway',
      'apps/demo-vendor',
    ];
    const manifests = [
      ...installedManifests(path.join(repositoryRoot, 'node_modules')),
      ...workspaces.flatMap((workspace) =>
        installedManifests(path.join(repositoryRoot, workspace, 'node_modules')),
      ),
    ];
    const refusing = manifests
      .filter((manifest) => {
        const range = manifest.engines?.node;
        return (
          typeof range === 'string' &&
          semver.validRange(range) !== null &&
          lowestNode !== null &&
          !semver.satisfies(lowestNode, range)
        );
      })
      .map(
        (manifest) =>
          `${manifest.name ?? '?'}@${manifest.version ?? '?'} wants node ${String(manifest.engines?.node)}`,
      );
    expect(manifests.length).toBeGreaterThan(100);
    expect(refusing).toEqual([]);
  });
});
