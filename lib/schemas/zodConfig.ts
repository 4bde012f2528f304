/**
 * Zod 4 probes whether `new Function` works to compile fast object parsers. In the browser the
 * Content-Security-Policy forbids eval (server/http/securityHeaders), so the probe would be a CSP
 * violation: parse without it there. The server keeps the compiled fast path. Imported for its
 * effect by every schema module, before any schema parses.
 */
import { config } from 'zod/v4/core';

if (typeof window !== 'undefined') config({ jitless: true });
