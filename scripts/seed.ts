// npm run seed — migrate and seed the embedded defaults without starting the app.
import path from 'node:path';
import { loadEnvironment } from './lib/env';
import { emulatorRunning, startAuthEmulator } from './lib/emulator';
import { stopAllChildren } from './lib/processes';
import { prepareData } from './lib/prepare';

async function main(): Promise<void> {
  const { useEmulator, emulatorPort } = loadEnvironment();
  if (useEmulator && !(await emulatorRunning(emulatorPort))) {
    await startAuthEmulator({
      projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID!,
      port: emulatorPort,
      persistDir: path.join(process.env.DATA_DIR!, 'auth-emulator'),
      quiet: true,
    });
  }
  await prepareData({ seedAccounts: useEmulator, log: (m) => console.log(`[seed] ${m}`) });
}

main()
  .catch((err) => {
    console.error(`[seed] ${err instanceof Error ? err.message : err}`);
    process.exitCode = 1;
  })
  .finally(() => stopAllChildren());
