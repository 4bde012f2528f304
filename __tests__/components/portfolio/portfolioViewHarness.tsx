/**
 * The set-up every PortfolioView test file repeats: one msw portfolio backend listening for the
 * file, store resets and a signed-in investor before each test, handlers and recorded calls cleared
 * after it. `prepare` fills the backend's state before each test. The file still declares its own
 * jest.mock lines (they must stay in the test file to be hoisted).
 */
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import { useAuthStore } from '@/stores/useAuthStore';
import { createPortfolioBackend } from './portfolioFixtures';
import { signIn } from './helpers';

export type PortfolioBackend = ReturnType<typeof createPortfolioBackend>;

export function setUpPortfolioView(
  prepare: (backend: PortfolioBackend) => void = () => {},
): PortfolioBackend {
  const backend = createPortfolioBackend();
  beforeAll(() => backend.server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    prepare(backend);
    usePortfolioStore.getState().reset();
    useAuthStore.getState().reset();
    signIn();
  });
  afterEach(() => {
    backend.server.resetHandlers();
    backend.calls.length = 0;
    jest.restoreAllMocks();
  });
  afterAll(() => backend.server.close());
  return backend;
}
