/**
 * The set-up every PortfolioView test file repeats: one msw portfolio backend listening for the
 * file, store resets and a signed-in investor before each test, handlers and recorded calls cleared
 * after it. `prepare` fills the backend's state before each test. The file still declares its own
 * jest.mock lines (they must stay in the test file to be hoisted).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PortfolioView from '@/components/portfolio/PortfolioView';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import { useAuthStore } from '@/stores/useAuthStore';
import { createPortfolioBackend } from './portfolioFixtures';
import { renderPage, signIn, type Lang } from './helpers';

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

/** Render the portfolio page, wait for its results, and open the import dialog. */
export async function openImportDialog(lang: Lang) {
  const user = userEvent.setup();
  const { t } = renderPage(<PortfolioView />, lang);
  await screen.findByRole('table', { name: /NOK/ });
  await user.click(screen.getByRole('button', { name: t('portfolio:selector.import') }));
  const dialog = await screen.findByRole('dialog', { name: t('portfolio:import.title') });
  return { user, t, dialog, within: within(dialog) };
}
