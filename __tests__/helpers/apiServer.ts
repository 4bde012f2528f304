// Serve Next.js API route modules on a real HTTP port through Next's own API resolver, so tests
// exercise the same body handling, query parsing and response helpers as the running app.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiResolver } from 'next/dist/server/api-utils/node/api-resolver';

type RouteModule = { default: unknown; config?: unknown };

interface Route {
  pattern: RegExp;
  params: string[];
  module: RouteModule;
}

export interface TestServer {
  url: string;
  request(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string | Buffer },
  ): Promise<{ status: number; headers: Headers; body: unknown }>;
  close(): Promise<void>;
}

function compile(path: string): { pattern: RegExp; params: string[] } {
  const params: string[] = [];
  const source = path.replace(/\[([^\]]+)\]/g, (_m, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), params };
}

/** Start a server for `routes` (path pattern like `/api/v1/user/getCurrent/[uid]` → module). */
export async function startApiServer(routes: Record<string, RouteModule>): Promise<TestServer> {
  const compiled: Route[] = Object.entries(routes).map(([path, module]) => ({ ...compile(path), module }));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = compiled.find((r) => r.pattern.test(url.pathname));
    if (!route) {
      res.statusCode = 404;
      res.end('no such test route');
      return;
    }
    const match = route.pattern.exec(url.pathname)!;
    const query: Record<string, string | string[]> = {};
    for (const [key, value] of url.searchParams) {
      const prev = query[key];
      query[key] = prev === undefined ? value : ([] as string[]).concat(prev, value);
    }
    route.params.forEach((name, i) => (query[name] = decodeURIComponent(match[i + 1])));
    void apiResolver(
      req,
      res,
      query,
      route.module,
      { previewModeId: 'x', previewModeEncryptionKey: 'x', previewModeSigningKey: 'x', dev: false },
      false,
    );
  });
  // fetch keeps sockets alive for about 4 s; a server that closes idle ones after its default 5 s can
  // close one just as a slow test (a PGlite opening under load) reuses it: ECONNRESET. Outlive the client.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 2048 }, resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    async request(method, path, opts = {}) {
      // As the app's apiClient does: the fixed header on every state-changing call (server/http/csrf).
      // A test of the rule itself passes `'X-Requested-With': ''` to send none.
      const headers: Record<string, string> = {
        ...(['GET', 'HEAD'].includes(method.toUpperCase()) ? {} : { 'X-Requested-With': 'trendvakt' }),
        ...(opts.headers ?? {}),
      };
      if (headers['X-Requested-With'] === '') delete headers['X-Requested-With'];
      if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
      let body: string | Buffer | undefined = opts.raw;
      if (opts.body !== undefined) {
        headers['Content-Type'] ??= 'application/json';
        body = JSON.stringify(opts.body);
      }
      const res = await fetch(base + path, {
        method,
        headers,
        body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    // close() waits for every connection to end; one still busy (a 413 answered before the client
    // finished sending its body) would hold it for the 60 s keep-alive. At teardown, end them all.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
