import { type ChildProcess, spawn } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { generatePemPair } from './wallet-signing';

/**
 * Runs a vendor of the repository (the demo game vendor, the sportsbook) as its own process beside the platform,
 * as an external vendor would run: spawned with Node and tsx once the platform listens, its address read from the
 * one JSON line it prints (`{"event":"listening","url":…,"launchUrl":…}`), stopped when the platform closes (and
 * by itself when the platform's process goes away: its IPC channel closes). Its RSA key pair lives in the
 * platform's DATA_DIR, so the platform knows the public half.
 */

export type RunningVendorProcess = {
  url: string;
  launchUrl: string;
  /** The origin the player's site must be allowed to frame. */
  origin: string;
  close: () => Promise<void>;
  /** The process itself (tests kill it, or talk to it over its IPC channel). */
  child: ChildProcess;
};

const startTimeoutMs = 60_000;
const stopTimeoutMs = 5_000;

const isErrorCode = (error: unknown, code: string): boolean =>
  error instanceof Error && (error as Error & { code?: unknown }).code === code;

/**
 * A vendor's key pair: read from `keyFile`, or created there (owner-only) when missing. Answers the public
 * half as PEM (SPKI). Two platforms sharing a DATA_DIR that start together keep whichever file was written first.
 */
export const ensureVendorKey = async (keyFile: string): Promise<{ publicKeyPem: string }> => {
  const publicOf = (privateKeyPem: string) => ({
    publicKeyPem: createPublicKey(createPrivateKey(privateKeyPem))
      .export({ type: 'spki', format: 'pem' })
      .toString(),
  });
  try {
    return publicOf(await readFile(keyFile, 'utf8'));
  } catch (error) {
    if (!isErrorCode(error, 'ENOENT')) throw error;
  }
  await mkdir(path.dirname(keyFile), { recursive: true, mode: 0o700 });
  const { privateKeyPem } = await generatePemPair();
  try {
    await writeFile(keyFile, privateKeyPem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (!isErrorCode(error, 'EEXIST')) throw error;
    return publicOf(await readFile(keyFile, 'utf8'));
  }
  return publicOf(privateKeyPem);
};

/** The origins the player's site is reached at: PUBLIC_URL's, and the platform's own address (all loopback spellings). */
export const siteOrigins = (platformUrl: string, publicUrl: string | undefined): string[] => {
  const origins = new Set<string>();
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  const own = new URL(platformUrl);
  origins.add(own.origin);
  if (own.hostname === 'localhost') {
    for (const host of ['127.0.0.1', '[::1]']) origins.add(`${own.protocol}//${host}:${own.port}`);
  }
  return [...origins];
};

const listeningLineOf = (line: string): { url: string; launchUrl: string } | undefined => {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null) return undefined;
    const { event, url, launchUrl } = value as Record<string, unknown>;
    return event === 'listening' && typeof url === 'string' && typeof launchUrl === 'string'
      ? { url, launchUrl }
      : undefined;
  } catch {
    return undefined;
  }
};

/** Only what the vendor needs: no database address, no secrets of the platform. */
const childEnvironment = (variables: Record<string, string>): NodeJS.ProcessEnv => {
  const passed: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'TZ', 'SystemRoot']) {
    const value = process.env[name];
    if (value !== undefined) passed[name] = value;
  }
  return { ...passed, ...variables };
};

const stop = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, stopTimeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });

/**
 * Spawns `main` (a module specifier, e.g. '@wps/demo-vendor/main') with `environment`, waits for its listening
 * line, then runs `connect` (registering the vendor with the platform); stops the process if that fails.
 */
export const startVendorProcess = async ({
  name,
  main,
  environment,
  connect,
  log,
}: {
  name: string;
  main: string;
  environment: Record<string, string>;
  connect: (listening: { url: string; launchUrl: string }) => Promise<void>;
  log: FastifyBaseLogger;
}): Promise<RunningVendorProcess> => {
  const require = createRequire(import.meta.url);
  const tsxLoader = pathToFileURL(require.resolve('tsx')).href;
  const vendorMain = require.resolve(main);
  const child = spawn(process.execPath, ['--import', tsxLoader, vendorMain], {
    cwd: path.dirname(vendorMain),
    env: childEnvironment(environment),
    // Standard output carries the vendor's "listening" line; its logs go to our standard error.
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });

  let isStarted = false;
  let isStopping = false;
  const stopChild = () => {
    isStopping = true;
    return stop(child);
  };
  const listening = await new Promise<{ url: string; launchUrl: string }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout ?? process.stdin });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The ${name} did not start in time`));
    }, startTimeoutMs);
    lines.on('line', (line) => {
      const found = isStarted ? undefined : listeningLineOf(line);
      if (found) {
        isStarted = true;
        clearTimeout(timer);
        resolve(found);
      } else {
        process.stdout.write(`${line}\n`);
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!isStarted) {
        reject(new Error(`The ${name} exited before listening (${String(code ?? signal)})`));
      } else if (!isStopping) {
        log.error({ code, signal }, `the ${name} process ended; its games cannot be played until a restart`);
      }
    });
  });

  try {
    await connect(listening);
  } catch (error) {
    await stopChild();
    throw error;
  }
  return { ...listening, origin: new URL(listening.url).origin, close: stopChild, child };
};
