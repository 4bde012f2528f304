import { adminAuth } from '@/server/auth/firebaseAdmin';
import { ensureDemoAccounts } from '@/server/services/demoAccounts';
import { withDatabase } from './database';

/**
 * Migrate the database and seed what the embedded defaults need: the demo accounts (emulator only)
 * and the demo market data. Runs in the start script, before the server opens the database.
 */
export async function prepareData(opts: {
  seedAccounts: boolean;
  log: (msg: string) => void;
}): Promise<void> {
  await withDatabase(async (handle) => {
    opts.log(`${handle.kind} database migrated`);
    if (opts.seedAccounts) {
      const { createdAuth, createdDb } = await ensureDemoAccounts(handle.db, adminAuth());
      opts.log(`demo accounts ready (${createdAuth} new in the emulator, ${createdDb} new in the database)`);
    }
  });
}
