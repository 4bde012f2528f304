// npm run seed — migrate and seed the embedded defaults without starting the app.
import { errorText } from '@/server/logging/describeError';
import path from 'node:path';
import { loadEnvironment } from './lib/env';
import { emulatorRunning, foreignEmulatorMessage, startAuthEmulator } from './lib/emulator';
import { stopAllChildren } from './lib/processes';
import { prepareData } from './lib/prepare';

async function main(): Promise<void> {
  const { useEmulator, emulatorPort } = loadEnvironment();
  const persistDir = path.join(process.env.DATA_DIR!, 'auth-emulator');
  if (useEmulator && (await emulatorRunning(emulatorPort))) {
    // Seeding another copy's emulator would put this copy's demo accounts in its data (issue 23 item 8).
    const foreign = foreignEmulatorMessage(persistDir, emulatorPort);
    if (foreign) throw new Error(foreign);
  } else if (useEmulator) {
    await startAuthEmulator({
      projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID!,
      port: emulatorPort,
      persistDir,
      quiet: true,
    });
  }
  await prepareData({ seedAccounts: useEmulator, log: (m) => console.log(`[seed] ${m}`) });
}

main()
  .catch((err) => {
    console.error(`[seed] ${errorText(err)}`);
    process.exitCode = 1;
  })
  .finally(() => stopAllChildren());
