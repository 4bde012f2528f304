import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const children = new Set<ChildProcess>();

/** Spawn a child in its own process group so that stopping it stops its descendants too. */
export function spawnChild(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { stdio: 'inherit', detached: true, ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Signal a child's whole process group; resolves when it has exited (SIGKILL after `graceMs`). */
export function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGINT',
  graceMs = 10_000,
): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) {
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, signal);
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/** Stop every child this process started (newest first). */
export async function stopAllChildren(signal: NodeJS.Signals = 'SIGINT'): Promise<void> {
  for (const child of [...children].reverse()) await stopChild(child, signal);
}

/** On Ctrl-C or SIGTERM: stop every child, then exit. */
export function stopChildrenOnSignals(onStop?: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[trendvakt] ${signal}: stopping…`);
    void (async () => {
      await stopAllChildren('SIGINT');
      await onStop?.();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    })();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/** Poll `url` until it answers (any HTTP status) or `timeoutMs` passes. */
export async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: the process serving it exited with ${child.exitCode}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}
