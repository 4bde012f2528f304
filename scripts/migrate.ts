// npm run db:migrate — apply the committed migrations to the configured database.
import { errorText } from '@/server/logging/describeError';
import { loadEnvironment } from './lib/env';
import { withDatabase } from './lib/database';

loadEnvironment();
withDatabase(async (handle) => {
  console.log(`[migrate] ${handle.kind} database is up to date`);
}).catch((err) => {
  console.error(`[migrate] ${errorText(err)}`);
  process.exit(1);
});
