import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webDist = path.join(repositoryRoot, 'apps/web/dist');

let isBuilt = false;

/** Builds the player site once per bench run, so the benches that serve it measure this checkout's site. */
export const buildWeb = (): string => {
  if (!isBuilt) {
    execFileSync('npm', ['run', 'build', '--workspace', '@wps/web'], {
      cwd: repositoryRoot,
      stdio: 'ignore',
    });
    isBuilt = true;
  }
  return webDist;
};
