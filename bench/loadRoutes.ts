/**
 * The load bench's per-route figures (bench/load.bench.ts --routes) and each connection's starting
 * place in the workload, through autocannon's `setupClient` hook.
 */

/** One request of the workload, as autocannon takes it. */
export interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/** The part of autocannon's per-connection client (lib/httpClient.js) that the per-route figures read. */
export interface AutocannonClient {
  on(event: 'response', listener: (status: number, bytes: number, durationMs: number) => void): void;
  on(event: 'timeout' | 'connError', listener: () => void): void;
  requestIterator: { currentRequestIndex: number; currentRequest: unknown; requests: unknown[] };
}

/** Per route of the workload: answers' durations, time-outs and connection errors. */
interface RouteFigures {
  durations: number[];
  timeouts: number;
  connErrors: number;
}

/**
 * A `setupClient` that files every answer, time-out and connection error under its route. A
 * client's request iterator points at the answered request when 'response' is emitted; on a
 * time-out autocannon has already reconnected and sent the next request (httpClient.js
 * handleTimeout), so the request that timed out is the one before the current.
 *
 * Each connection also starts at its own place in the workload (connection k at request k, modulo
 * its length): autocannon starts every connection at the first request, so each level began with
 * all its connections sending the same request at once (the Oslo screener list, 1,000 of them at
 * 1,000 connections) instead of the mixed workload. `--same-start` keeps autocannon's behaviour.
 */
export function routeRecorder(requests: AutocannonRequest[], sameStart: boolean) {
  const byRoute = new Map<string, RouteFigures>();
  const route = (i: number) => {
    const key = requests[(i + requests.length) % requests.length].path.replace(/\/\d+(\?|$)/, '/{id}$1');
    let figures = byRoute.get(key);
    if (!figures) byRoute.set(key, (figures = { durations: [], timeouts: 0, connErrors: 0 }));
    return figures;
  };
  let clients = 0;
  const setupClient = (client: AutocannonClient) => {
    // Called before the client connects and sends its first request (httpClient.js).
    const first = sameStart ? 0 : clients++ % requests.length;
    client.requestIterator.currentRequestIndex = first;
    client.requestIterator.currentRequest = client.requestIterator.requests[first];
    client.on('response', (_status, _bytes, ms) =>
      route(client.requestIterator.currentRequestIndex).durations.push(ms),
    );
    client.on('timeout', () => (route(client.requestIterator.currentRequestIndex - 1).timeouts += 1));
    client.on('connError', () => (route(client.requestIterator.currentRequestIndex).connErrors += 1));
  };
  return { byRoute, setupClient };
}

/** Lines "route  answers  p50  p97.5  time-outs  connection errors", slowest p97.5 first. */
export function routeLines(byRoute: Map<string, RouteFigures>): string[] {
  const pct = (sorted: number[], p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
  return [...byRoute]
    .map(([name, f]) => ({ name, f, sorted: [...f.durations].sort((a, b) => a - b) }))
    .sort((a, b) => pct(b.sorted, 97.5) - pct(a.sorted, 97.5))
    .map(
      ({ name, f, sorted }) =>
        `    ${name.slice(0, 60).padEnd(60)} ${String(sorted.length).padStart(6)} ${pct(sorted, 50).toFixed(0).padStart(6)} ${pct(sorted, 97.5).toFixed(0).padStart(7)} ${String(f.timeouts).padStart(6)} ${String(f.connErrors).padStart(6)}`,
    );
}
