// Real app servers for integration tests: one production build (`next build` into its own dist
// dir, rebuilt only when the sources change) served by several `next start` processes, each with
// its own port and environment — separate processes with separate in-process caches, as
// instances behind a load balancer are.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ensureBuild } from '@/scripts/lib/build';

export const INSTANCES_DIST_DIR = '.next-instances';
const NEXT_BIN = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');

/** The environment of the build and the servers: no NEXT_PUBLIC_* of the test run baked in. */
function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('NEXT_PUBLIC_') && !key.startsWith('JEST') && key !== 'NODE_OPTIONS')
      env[key] = value;
  }
  return {
    ...env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: INSTANCES_DIST_DIR,
    ...extra,
  };
}

/** Build the app into INSTANCES_DIST_DIR unless a build of exactly these sources is there. */
export async function ensureProductionBuild(): Promise<void> {
  await ensureBuild({
    distDir: INSTANCES_DIST_DIR,
    env: baseEnv({}),
    build: (env) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [NEXT_BIN, 'build'], {
          env,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`next build failed:\n${stderr}`)),
        );
      }),
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface AppInstance {
  name: string;
  url: string;
  child: ChildProcess;
  /** What the server printed (for failure messages and job logs). */
  output: string[];
  request(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: unknown; headers: Record<string, string> }>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** `next start` of the instances build on a free port with `env`; resolves when it answers. */
export async function startAppInstance(name: string, env: Record<string, string>): Promise<AppInstance> {
  const port = await freePort();
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env: baseEnv({ PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output.join('')}`);
    try {
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${name} did not start:\n${output.join('')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    name,
    url,
    child,
    output,
    async request(method, p, opts = {}) {
      // As the app's apiClient does: the fixed header on every state-changing call (server/http/csrf).
      const headers: Record<string, string> = {
        'Accept-Language': 'nb',
        ...(['GET', 'HEAD'].includes(method.toUpperCase()) ? {} : { 'X-Requested-With': 'trendvakt' }),
        ...(opts.headers ?? {}),
      };
      if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
      if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(url + p, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON
      }
      return { status: res.status, body, headers: Object.fromEntries(res.headers.entries()) };
    },
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      return new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // gone
          }
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        try {
          process.kill(-child.pid!, signal);
        } catch {
          clearTimeout(timer);
          resolve();
        }
      });
    },
  };
}
