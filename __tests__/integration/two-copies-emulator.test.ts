/** @jest-environment node */
// Issue 23 item 8: two copies of the app on one machine never read or write each other's accounts.
// Each copy's Auth emulator has its own ports (auth, hub, logging), its own hub locator folder and
// its own export folder under its DATA_DIR; a copy that finds another copy's emulator on its port
// refuses to use it. Two real emulators are started side by side, stopped in turn, and started again.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { emulatorOwnedBy, foreignEmulatorMessage, startAuthEmulator } from '@/scripts/lib/emulator';
import { stopChild } from '@/scripts/lib/processes';

// Four emulator starts and two exports: within 180 s in CI's last run, over 180 s when the other
// jest worker and a browser build shared the machine's two cores.
jest.setTimeout(420_000);

const PROJECT = 'demo-trendvakt-copies';

/** A port p with p, p+1 and p+2 free (the emulator's auth, hub and logging ports). */
async function freePortRun(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    if ((await free(base)) && (await free(base + 1)) && (await free(base + 2))) return base;
  }
}

async function signUp(port: number, email: string): Promise<number> {
  const res = await fetch(
    `http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'copy-password-123', returnSecureToken: true }),
    },
  );
  return res.status;
}

/** The e-mail addresses the emulator on `port` holds (its admin "batchGet" of accounts). */
async function accounts(port: number): Promise<string[]> {
  const res = await fetch(
    `http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchGet?maxResults=100`,
    { headers: { Authorization: 'Bearer owner' } },
  );
  const body = (await res.json()) as { users?: { email: string }[] };
  return (body.users ?? []).map((u) => u.email).sort();
}

describe('two copies of the app on one machine', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-copies-'));
  const copies = ['a', 'b'].map((name) => ({
    name,
    persistDir: path.join(root, name, 'data', 'auth-emulator'),
    port: 0,
    child: undefined as ChildProcess | undefined,
  }));

  afterAll(async () => {
    for (const copy of copies) if (copy.child) await stopChild(copy.child);
    fs.rmSync(root, { recursive: true, force: true });
  });

  const start = async (copy: (typeof copies)[number]) => {
    copy.child = await startAuthEmulator({
      projectId: PROJECT,
      port: copy.port,
      persistDir: copy.persistDir,
      quiet: true,
    });
  };

  it('keep their own accounts while both run, after each stops, and after they start again', async () => {
    const [a, b] = copies;
    a.port = await freePortRun();
    do b.port = await freePortRun();
    while (Math.abs(b.port - a.port) < 3);
    // Same project id in both (as two checkouts of the app would have): only the folders differ.
    await Promise.all([start(a), start(b)]);

    expect(await signUp(a.port, 'anne@copy-a.test')).toBe(200);
    expect(await signUp(b.port, 'bjorn@copy-b.test')).toBe(200);
    expect(await accounts(a.port)).toEqual(['anne@copy-a.test']);
    expect(await accounts(b.port)).toEqual(['bjorn@copy-b.test']);

    // Each copy knows its own emulator, and recognises the other's as foreign.
    expect(emulatorOwnedBy(a.persistDir, a.port)).toMatchObject({ port: a.port, projectId: PROJECT });
    expect(emulatorOwnedBy(b.persistDir, a.port)).toBeNull();
    expect(foreignEmulatorMessage(a.persistDir, a.port)).toBeNull();
    expect(foreignEmulatorMessage(b.persistDir, a.port)).toMatch(
      new RegExp(`already running on port ${a.port}, but not this copy's.*AUTH_EMULATOR_PORT`),
    );

    // A stops first (it exports on exit): B is untouched and still runs.
    await stopChild(a.child!);
    a.child = undefined;
    expect(emulatorOwnedBy(a.persistDir, a.port)).toBeNull();
    expect(await accounts(b.port)).toEqual(['bjorn@copy-b.test']);
    await stopChild(b.child!);
    b.child = undefined;

    // Each export holds its own copy's account only.
    for (const [copy, email, other] of [
      [a, 'anne@copy-a.test', 'bjorn@copy-b.test'],
      [b, 'bjorn@copy-b.test', 'anne@copy-a.test'],
    ] as const) {
      const exported = fs.readFileSync(path.join(copy.persistDir, 'auth_export', 'accounts.json'), 'utf8');
      expect(exported).toContain(email);
      expect(exported).not.toContain(other);
    }

    // Started again (in the other order), each imports its own accounts.
    await start(b);
    await start(a);
    expect(await accounts(a.port)).toEqual(['anne@copy-a.test']);
    expect(await accounts(b.port)).toEqual(['bjorn@copy-b.test']);
  });
});
