import fs from 'node:fs';
import path from 'node:path';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';
import { registerUserStoreReset, resetUserStores } from '@/stores/userStoreResets';

// The registry on its own: no auth store, no Firebase. Each test unregisters what it registered.
describe('userStoreResets', () => {
  it('resets every registered store once, and none after it is unregistered', () => {
    const a = jest.fn();
    const b = jest.fn();
    const offA = registerUserStoreReset(a);
    const offB = registerUserStoreReset(b);
    resetUserStores();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    offA();
    resetUserStores();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    offB();
  });

  it('keeps resetting the others when one throws, and logs that one', () => {
    expectConsoleError(/^A user store could not be reset:/);
    const before = jest.fn();
    const after = jest.fn();
    const offs = [
      registerUserStoreReset(before),
      registerUserStoreReset(() => {
        throw new Error('broken store');
      }),
      registerUserStoreReset(after),
    ];
    resetUserStores();
    expect(before).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
    offs.forEach((off) => off());
  });

  it('no store module imports the auth store for its reset', () => {
    // The registry's point: user-data stores depend on it, not on useAuthStore.
    const dir = path.join(process.cwd(), 'stores');
    const offenders = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'useAuthStore.ts')
      .filter((f) =>
        /registerUserStoreReset[^;]*from '\.\/useAuthStore'/.test(fs.readFileSync(path.join(dir, f), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});
