import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameCatalogueBench } from './game-catalogue.bench';
import { houseSlotBench } from './house-slot.bench';
import { ledgerBench } from './ledger.bench';
import { loginBench } from './login.bench';
import { siteConfigurationBench } from './site-configuration.bench';
import { siteBench } from './site.bench';
import { vendorWalletBench } from './vendor-wallet.bench';
import { agentsBench } from './agents.bench';
import { agentSettlementBench } from './agent-settlement.bench';
import { lotteryBench } from './lottery.bench';
import { rebateBench } from './rebate.bench';
import { loyaltyBench } from './loyalty.bench';
import { sportsbookBench } from './sportsbook.bench';
import { sportsbookStreamBench } from './sportsbook-stream.bench';
import { tablesBench } from './tables.bench';
import { tablesStreamBench } from './tables-stream.bench';
import { cockfightBench } from './cockfight.bench';
import { fishingBench } from './fishing.bench';
import { fishingLoadBench } from './fishing-load.bench';
import { pokerBench } from './poker.bench';
import { reportsBench } from './reports.bench';
import { protectionBench } from './protection.bench';
import { liveChatBench } from './live-chat.bench';

/** `npm run bench`: runs every benchmark, prints the figures and writes BENCHMARKS.md. */
export type BenchResult = { name: string; rows: Array<Record<string, string | number>>; notes: string[] };

const benches = [
  siteConfigurationBench,
  loginBench,
  ledgerBench,
  gameCatalogueBench,
  vendorWalletBench,
  agentsBench,
  agentSettlementBench,
  siteBench,
  houseSlotBench,
  lotteryBench,
  rebateBench,
  loyaltyBench,
  sportsbookBench,
  sportsbookStreamBench,
  tablesBench,
  tablesStreamBench,
  cockfightBench,
  fishingBench,
  fishingLoadBench,
  protectionBench,
  pokerBench,
  reportsBench,
  liveChatBench,
];

const toMarkdownTable = (rows: BenchResult['rows']): string => {
  const columns = Object.keys(rows[0] ?? {});
  return [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map((column) => String(row[column] ?? '')).join(' | ')} |`),
  ].join('\n');
};

/**
 * A partial run's sections replace those of the same title in BENCHMARKS.md (or are added at its end), each noted
 * with when and where it ran; the rest of the file stays as the last full run wrote it.
 */
const replaceSections = (file: string, sections: readonly string[]): void => {
  const current = existsSync(file) ? readFileSync(file, 'utf8').trimEnd() : '# Benchmarks';
  const [head = '', ...rest] = current.split(/\n(?=## )/);
  const existing = rest.map((section) => section.trimEnd());
  const stamp = `- Run alone (BENCH_ONLY) at ${new Date().toISOString()} on ${String(cpus().length)} cores, load ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}, Node ${process.version}.`;
  for (const section of sections) {
    const title = section.split('\n', 1)[0];
    const stamped = `${section}\n${stamp}`;
    const index = existing.findIndex((candidate) => candidate.split('\n', 1)[0] === title);
    if (index === -1) existing.push(stamped);
    else existing[index] = stamped;
  }
  writeFileSync(file, `${[head.trimEnd(), ...existing].join('\n\n')}\n`);
};

/** `BENCH_ONLY=<function name part>` runs the matching benchmarks; their sections in BENCHMARKS.md are replaced. */
const only = process.env.BENCH_ONLY;

const main = async (): Promise<void> => {
  const sections: string[] = [];
  for (const bench of only ? benches.filter((candidate) => candidate.name.includes(only)) : benches) {
    const result = await bench();
    console.log(`\n${result.name}`);
    console.table(result.rows);
    for (const note of result.notes) console.log(`  ${note}`);
    sections.push(
      `## ${result.name}\n\n${toMarkdownTable(result.rows)}\n\n${result.notes.map((note) => `- ${note}`).join('\n')}`,
    );
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  if (only) {
    replaceSections(path.join(root, 'BENCHMARKS.md'), sections);
    return;
  }
  const header = [
    '# Benchmarks',
    '',
    'Written by `npm run bench`; figures from the last run on the machine named below. Tests never assert times.',
    '',
    `- When: ${new Date().toISOString()}`,
    `- Machine: ${String((await import('node:os')).cpus().length)} cores, Node ${process.version}`,
    `- Database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (in memory)'}`,
    '',
  ].join('\n');
  writeFileSync(path.join(root, 'BENCHMARKS.md'), `${header}\n${sections.join('\n\n')}\n`);
};

await main();
