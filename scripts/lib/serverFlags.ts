/**
 * Node flags of the app's server process (scripts/start.ts), which the in-process portfolio bench
 * runs with too, so that it measures what the server does.
 *
 * `--max-semi-space-size=64` (MB; V8's default cap is 16 on 64-bit): a cold portfolio request
 * allocates some 40 MB (10,000 transactions' Decimals, their timelines and replay, the daily
 * chain), and with 16 MB semi-spaces every request paid several scavenges, each copying the same
 * growing live set (almost all of its garbage-collection pauses were scavenges; issue 26). Node's
 * documentation: a larger semi-space may improve throughput at the cost of more memory (here at
 * most ~192 MB of young generation).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
