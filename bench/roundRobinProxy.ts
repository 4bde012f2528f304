/**
 * A small round-robin HTTP proxy for the load bench (bench/load.bench.ts): each request goes to the
 * next of the given app ports, over kept-alive connections; a target that cannot be reached gives
 * 502. Not for production (no X-Forwarded-For, no health checks).
 *
 *   npx tsx bench/roundRobinProxy.ts <listen port> <target port> [<target port> …]
 */
import http from 'node:http';

const [listen, ...targets] = process.argv.slice(2).map(Number);
if (!listen || targets.length === 0 || [listen, ...targets].some((p) => !Number.isInteger(p))) {
  console.error('usage: roundRobinProxy <listen port> <target port> [<target port> …]');
  process.exit(2);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 2048 });
let next = 0;

const server = http.createServer((req, res) => {
  const port = targets[next];
  next = (next + 1) % targets.length;
  const upstream = http.request(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end('bad gateway');
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;
server.listen(listen, '127.0.0.1', () => {
  console.log(`round-robin proxy on 127.0.0.1:${listen} -> ${targets.join(', ')}`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
