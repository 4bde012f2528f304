// npm run db:restore -- <backup file> [--force] — restore a backup from DATA_DIR/backups (or
// anywhere) into the configured database, with the app stopped. The file's checksum is checked
// against its manifest first; a database that holds data is only overwritten with --force (PGlite:
// the old directory is kept beside the new one). In demo mode the Auth emulator's accounts are
// restored too, and `npm start` imports them.
import { errorText } from '@/server/logging/describeError';
import path from 'node:path';
import { emulatorRunning } from './lib/emulator';
import { loadEnvironment } from './lib/env';
import { readBackupManifest, restoreBackup } from './lib/backupRestore';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error(
    'Usage: npm run db:restore -- <DATA_DIR/backups/trendvakt-….pglite.tar.gz|.pgdump> [--force]',
  );
  process.exit(2);
}

async function main(): Promise<void> {
  const { useEmulator, emulatorPort } = loadEnvironment();
  if (useEmulator && (await emulatorRunning(emulatorPort))) {
    throw new Error(`the Auth emulator is running on port ${emulatorPort}: stop the app (npm start) first`);
  }
  const { dir, manifest } = readBackupManifest(file!);
  console.log(
    `restoring ${manifest.name} (${manifest.kind}, made ${manifest.created_at}); checking the checksum…`,
  );
  const result = await restoreBackup(
    dir,
    manifest,
    {
      url: process.env.DATABASE_URL || undefined,
      pgliteDir: path.join(process.env.DATA_DIR!, 'pglite'),
      emulatorDir: useEmulator ? path.join(process.env.DATA_DIR!, 'auth-emulator') : null,
    },
    { force },
  );
  if (result.movedAside) console.log(`the previous database is kept in ${result.movedAside}`);
  if (result.deletionsReplayed > 0)
    console.log(`${result.deletionsReplayed} account(s) deleted since the backup were deleted again`);
  if (result.accountsRestored) console.log('the Auth emulator accounts are restored (imported by npm start)');
  console.log('restored. Start the app with npm start.');
}

main().catch((err) => {
  console.error(errorText(err));
  process.exit(1);
});
