// Run a command with a Firebase Auth emulator beside it (npm test, npm run test:e2e):
// reuses FIREBASE_AUTH_EMULATOR_HOST when it answers, else starts a throwaway emulator on
// AUTH_EMULATOR_PORT (default 9199, so it never collides with npm start's 9099).
import { spawn } from 'node:child_process';
import { emulatorRunning, startAuthEmulator } from './lib/emulator';
import { stopAllChildren } from './lib/processes';

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('Usage: tsx scripts/with-emulator.ts <command> [args…]');
    return 2;
  }
  const projectId = process.env.TEST_FIREBASE_PROJECT_ID || 'demo-trendvakt-test';
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  let host: string;
  if (existing && (await emulatorRunning(Number(existing.split(':')[1])))) {
    host = existing;
  } else {
    const port = Number(process.env.TEST_AUTH_EMULATOR_PORT || 9199);
    if (await emulatorRunning(port)) {
      console.error(
        `Port ${port} is taken by another Auth emulator; set TEST_AUTH_EMULATOR_PORT to a free port.`,
      );
      return 1;
    }
    console.log(`[test] starting a throwaway Auth emulator on port ${port}…`);
    await startAuthEmulator({ projectId, port, quiet: true });
    host = `127.0.0.1:${port}`;
  }
  const child = spawn(command, args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: host,
      NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: host,
      FIREBASE_PROJECT_ID: projectId,
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: projectId,
    },
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

main()
  .then(async (code) => {
    await stopAllChildren();
    process.exit(code);
  })
  .catch(async (err) => {
    console.error(err instanceof Error ? err.message : err);
    await stopAllChildren();
    process.exit(1);
  });
