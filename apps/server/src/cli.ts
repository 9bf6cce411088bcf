import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type VendorSummary,
  vendorGameInputSchema,
  vendorRegistrationSchema,
  vendorTileInputSchema,
  vendorUpdateSchema,
} from '@wps/contracts/games-admin';
import { z } from 'zod';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/database';
import { AppError } from './http/app-error';
import { createVendorService } from './modules/games/vendors.service';

/**
 * The operator's command line (`npm run cli -- …` from the repository root), against DATABASE_URL or the
 * embedded database, migrated first:
 *
 *   vendor list
 *   vendor add --code X --name "X Games" [--integration seamless|house] [--public-key key.pem]
 *              [--launch-url https://…] [--games games.json] [--demo] [--disabled]
 *   vendor update --code X [--name …] [--public-key key.pem | --clear-key]
 *              [--launch-url https://… | --clear-launch-url] [--games games.json] [--enable | --disable]
 *
 * games.json is an array of games ({ gameCode, name, gameType, classify?, isHot?, isNew?, hasTrial?,
 * sortOrder?, isEnabled?, iconUrl?, largeIconUrl? }) or { tiles: [...], games: [...] }. Relative paths are
 * read from the directory the command was started in. Every change is audited as actor `cli:<user>`.
 */

export const cliUsage = `usage:
  vendor list
  vendor add --code X --name "X Games" [--integration seamless|house] [--public-key key.pem]
             [--launch-url https://…] [--games games.json] [--demo] [--disabled]
  vendor update --code X [--name …] [--public-key key.pem | --clear-key]
             [--launch-url https://… | --clear-launch-url] [--games games.json] [--enable | --disable]`;

const gamesObjectSchema = z.strictObject({
  tiles: z.array(vendorTileInputSchema).optional(),
  games: z.array(vendorGameInputSchema).default([]),
});
const gamesFileSchema = z.union([z.array(vendorGameInputSchema), gamesObjectSchema]);

export type CliContext = {
  db: Database;
  /** One line of output. */
  write: (line: string) => void;
  /** Where relative file paths are read from. */
  cwd: string;
  /** Who is acting, for the audit trail. */
  actorId?: string;
};

const options = {
  code: { type: 'string' },
  name: { type: 'string' },
  integration: { type: 'string' },
  'public-key': { type: 'string' },
  'launch-url': { type: 'string' },
  games: { type: 'string' },
  demo: { type: 'boolean' },
  disabled: { type: 'boolean' },
  enable: { type: 'boolean' },
  disable: { type: 'boolean' },
  'clear-key': { type: 'boolean' },
  'clear-launch-url': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

class UsageError extends Error {}

const describe = (vendor: VendorSummary): string =>
  [
    vendor.code.padEnd(14),
    vendor.displayName.padEnd(26),
    vendor.integration.padEnd(9),
    (vendor.isEnabled ? 'enabled' : 'disabled').padEnd(9),
    (vendor.walletKeyFingerprint ? `key ${vendor.walletKeyFingerprint.slice(0, 12)}` : 'no key').padEnd(17),
    `${String(vendor.enabledGameCount)}/${String(vendor.gameCount)} games`.padEnd(16),
    vendor.launchUrl ?? '(no launch URL)',
  ].join(' ');

/** Runs one command; answers the exit code. Exported so tests run it against a test database. */
export const runCli = async (argv: readonly string[], context: CliContext): Promise<number> => {
  const { db, write, cwd } = context;
  const vendors = createVendorService({ db });
  const actor = { type: 'system' as const, id: `cli:${context.actorId ?? 'operator'}` };
  const readText = (file: string) => readFile(path.resolve(cwd, file), 'utf8');
  /** The games file as { tiles?, games }, or nothing without one. */
  const readCatalogue = async (
    file: string | undefined,
  ): Promise<Partial<z.output<typeof gamesObjectSchema>>> => {
    if (file === undefined) return {};
    const parsed = gamesFileSchema.parse(JSON.parse(await readText(file)) as unknown);
    return Array.isArray(parsed) ? { games: parsed } : parsed;
  };

  try {
    const { positionals, values } = parseArgs({
      args: [...argv],
      options,
      allowPositionals: true,
      strict: true,
    });
    const [area, command] = positionals;
    if (area !== 'vendor' || positionals.length !== 2) throw new UsageError('unknown command');

    if (command === 'list') {
      const list = await vendors.list();
      if (values.json) write(JSON.stringify(list, null, 2));
      else for (const vendor of list) write(describe(vendor));
      return 0;
    }

    const code = values.code;
    if (code === undefined) throw new UsageError('--code is required');
    if (values.enable && values.disable) throw new UsageError('--enable or --disable, not both');
    if (values['public-key'] !== undefined && values['clear-key'])
      throw new UsageError('--public-key or --clear-key');
    if (values['launch-url'] !== undefined && values['clear-launch-url']) {
      throw new UsageError('--launch-url or --clear-launch-url');
    }
    const publicKey = values['public-key'] === undefined ? undefined : await readText(values['public-key']);
    const catalogue = await readCatalogue(values.games);

    if (command === 'add') {
      if (values.name === undefined) throw new UsageError('--name is required');
      const input = vendorRegistrationSchema.parse({
        code,
        displayName: values.name,
        ...(values.integration === undefined ? {} : { integration: values.integration }),
        ...(publicKey === undefined ? {} : { walletPublicKey: publicKey }),
        ...(values['launch-url'] === undefined ? {} : { launchUrl: values['launch-url'] }),
        isDemo: values.demo ?? false,
        isEnabled: !values.disabled,
        ...catalogue,
      });
      const vendor = await vendors.add(actor, input);
      write(`added ${describe(vendor)}`);
      return 0;
    }

    if (command === 'update') {
      const patch = vendorUpdateSchema.parse({
        ...(values.name === undefined ? {} : { displayName: values.name }),
        ...(publicKey === undefined ? {} : { walletPublicKey: publicKey }),
        ...(values['clear-key'] ? { walletPublicKey: null } : {}),
        ...(values['launch-url'] === undefined ? {} : { launchUrl: values['launch-url'] }),
        ...(values['clear-launch-url'] ? { launchUrl: null } : {}),
        ...(values.enable ? { isEnabled: true } : {}),
        ...(values.disable ? { isEnabled: false } : {}),
        ...catalogue,
      });
      const vendor = await vendors.update(actor, code, patch);
      write(`updated ${describe(vendor)}`);
      return 0;
    }
    throw new UsageError(`unknown command vendor ${command ?? ''}`);
  } catch (error) {
    if (error instanceof z.ZodError) {
      for (const issue of error.issues) write(`invalid ${issue.path.join('.') || 'input'}: ${issue.message}`);
    } else if (error instanceof AppError) {
      write(`${error.code}: ${error.message}`);
      for (const issue of error.issues ?? []) write(`  ${issue.field}: ${issue.message}`);
    } else if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      write(`${error.message}\n${cliUsage}`);
    } else if (error instanceof SyntaxError) {
      write(`games file: ${error.message}`);
    } else if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
      write(error.message);
    } else throw error;
    return 1;
  }
};

const main = async (): Promise<void> => {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  try {
    await database.migrate();
    process.exitCode = await runCli(process.argv.slice(2), {
      db: database.db,
      write: (line) => process.stdout.write(`${line}\n`),
      // npm runs workspace scripts inside the workspace; INIT_CWD is where the operator typed the command.
      cwd: process.env.INIT_CWD ?? process.cwd(),
      actorId: userInfo().username,
    });
  } finally {
    await database.close();
  }
};

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
