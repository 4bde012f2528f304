// The progress display of the market scripts: a bar redrawn in place on a terminal, a line per
// phase and per tenth otherwise (CI logs). Always on stderr, so stdout stays the summary.
import type { SyncPhase, SyncProgress } from '@/server/services/market';

const PHASE_LABEL: Record<SyncPhase, string> = {
  tickers: 'tickers ',
  fx: 'USD/NOK ',
  bars: 'bars    ',
  analysis: 'analysis',
};
const WIDTH = 30;

export interface ProgressBar {
  update(progress: SyncProgress): void;
  /** End the current bar's line. */
  finish(): void;
}

export function createProgressBar(stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  const tty = Boolean(stream.isTTY);
  let phase: SyncPhase | undefined;
  let lastTenth = -1;
  let drawn = 0;

  const endLine = () => {
    if (tty && drawn > 0) stream.write('\n');
    drawn = 0;
  };

  return {
    update({ phase: next, done, total, item }) {
      if (next !== phase) {
        endLine();
        phase = next;
        lastTenth = -1;
      }
      const share = total > 0 ? Math.min(1, done / total) : 1;
      const pct = Math.floor(share * 100);
      if (tty) {
        const filled = Math.round(share * WIDTH);
        const line = `${PHASE_LABEL[next]} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(pct).padStart(3)}% ${done}/${total} ${item ?? ''}`;
        stream.write(`\r${line.padEnd(drawn)}`);
        drawn = line.length;
      } else {
        const tenth = Math.floor(share * 10);
        if (tenth !== lastTenth) {
          lastTenth = tenth;
          stream.write(`${PHASE_LABEL[next].trim()}: ${pct}% (${done}/${total})\n`);
        }
      }
    },
    finish: endLine,
  };
}
