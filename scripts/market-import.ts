// npm run market:import -- <file.csv> --symbol SYMBOL [--market 160|226] [--name "Company ASA"]
// Import daily prices (date,open,high,low,close,volume) for one ticker, then recompute its
// analysis. All or nothing: any bad row is reported with its line number and nothing is written.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { isMarketId } from '@/lib/constants';
import { importPriceCsv } from '@/server/services/market';

import { withDatabase } from './lib/database';
import { loadEnvironment } from './lib/env';

const USAGE = 'Usage: npm run market:import -- <file.csv> --symbol SYMBOL [--market 160|226] [--name "Name"]';

function options() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      symbol: { type: 'string' },
      market: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length !== 1) throw new Error('give exactly one CSV file');
  if (!values.symbol?.trim()) throw new Error('--symbol is required');
  let countryId: 160 | 226 | undefined;
  if (values.market !== undefined) {
    const id = Number(values.market);
    if (!isMarketId(id)) throw new Error(`--market must be 160 or 226, got "${values.market}"`);
    countryId = id;
  }
  return {
    file: path.resolve(positionals[0]),
    shown: positionals[0],
    symbol: values.symbol.trim(),
    countryId,
    name: values.name,
  };
}

async function main(): Promise<void> {
  loadEnvironment();
  const opts = options();
  const csv = fs.readFileSync(opts.file, 'utf8');
  await withDatabase(async (handle) => {
    const result = await importPriceCsv(handle.db, {
      csv,
      symbol: opts.symbol,
      countryId: opts.countryId,
      name: opts.name,
    });
    if (!result.ok) {
      for (const e of result.errors) console.error(`${opts.shown}:${e.line}: ${e.message}`);
      console.error(`[market:import] ${result.errors.length} problem(s): nothing was imported.`);
      process.exitCode = 1;
      return;
    }
    console.log(
      `[market:import] ${result.symbol} (market ${result.countryId}${result.created ? ', new ticker' : ''}): ` +
        `${result.rows} rows read, ${result.barsWritten} bars written` +
        (result.zeroVolumeDropped > 0 ? `, ${result.zeroVolumeDropped} zero-volume rows skipped` : '') +
        `; analysis ${result.analysis.analysed > 0 ? `as of ${result.analysis.asOf}` : 'not possible (no session with volume)'}`,
    );
  });
}

main().catch((err) => {
  console.error(`[market:import] ${err instanceof Error ? err.message : String(err)}`);
  console.error(USAGE);
  process.exitCode = 1;
});
