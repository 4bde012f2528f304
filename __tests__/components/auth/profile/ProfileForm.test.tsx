import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProfileForm from '@/components/auth/profile/ProfileForm';
import { MESSAGE_AUTO_CLEAR_MS } from '@/lib/constants';
import { ApiError } from '@/services/apiError';
import { userService } from '@/services/userService';
import { useAuthStore } from '@/stores/useAuthStore';
import { backendUser, identity, LANGS, renderWithI18n } from '../helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => jest.requireActual('../helpers').authServiceModuleMock());
jest.mock('@/services/userService', () => ({
  userService: { create: jest.fn(), getCurrent: jest.fn(), update: jest.fn() },
}));

const users = jest.mocked(userService);

beforeEach(() => {
  jest.clearAllMocks();
  useAuthStore.getState().reset();
  useAuthStore.setState({ status: 'signedIn', identity, user: backendUser, userStatus: 'ready' });
});
afterEach(() => {
  jest.useRealTimers();
});

function setup(lang: 'nb' | 'en') {
  const utils = renderWithI18n(<ProfileForm />, lang);
  const field = (k: 'firstName' | 'lastName' | 'mobile') => screen.getByLabelText(utils.tp(`details.${k}`));
  const save = () => screen.getByRole('button', { name: utils.tp('details.save') });
  return { ...utils, field, save };
}

describe.each(LANGS)('ProfileForm (%s)', (lang) => {
  it('shows the backend user, with the email read-only', () => {
    const { tp, field } = setup(lang);
    expect(screen.getByRole('heading', { name: tp('details.title') })).toBeInTheDocument();
    expect(field('firstName')).toHaveValue('Kari');
    expect(field('lastName')).toHaveValue('Nordmann');
    expect(field('mobile')).toHaveValue('+47 912 34 567');
    expect(field('mobile')).toHaveAttribute('type', 'tel');
    const email = screen.getByLabelText(tp('details.email'));
    expect(email).toHaveValue('kari@trendvakt.test');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(tp('details.emailHelp'));
  });

  it('saves names and mobile with PUT /api/v1/user and confirms for 5 seconds', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    users.update.mockResolvedValue({ ...backendUser, first_name: 'Karianne', mobile: '' });
    const { tp, field, save } = setup(lang);
    await user.clear(field('firstName'));
    await user.type(field('firstName'), '  Karianne ');
    await user.clear(field('mobile'));
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent(tp('details.saved'));
    expect(users.update).toHaveBeenCalledWith({ first_name: 'Karianne', last_name: 'Nordmann', mobile: '' });
    expect(useAuthStore.getState().user?.first_name).toBe('Karianne');
    expect(field('firstName')).toHaveValue('Karianne');
    act(() => jest.advanceTimersByTime(MESSAGE_AUTO_CLEAR_MS));
    expect(screen.queryByText(tp('details.saved'))).not.toBeInTheDocument();
  });

  it('validates before sending: required names, phone format, length — next to the field, focus on the first', async () => {
    const user = userEvent.setup();
    const { tp, field, save } = setup(lang);
    await user.clear(field('lastName'));
    await user.clear(field('mobile'));
    await user.type(field('mobile'), 'ring meg');
    await user.click(save());
    expect(field('lastName')).toHaveAccessibleDescription(tp('fieldErrors.required'));
    expect(field('lastName')).toHaveAttribute('aria-invalid', 'true');
    expect(field('lastName')).toHaveFocus();
    expect(field('mobile')).toHaveAccessibleDescription(tp('fieldErrors.mobileInvalid'));
    expect(users.update).not.toHaveBeenCalled();

    await user.type(field('lastName'), 'x'.repeat(101));
    await user.clear(field('mobile'));
    await user.click(save());
    expect(field('lastName')).toHaveAccessibleDescription(tp('fieldErrors.tooLong', { max: 100 }));
    expect(users.update).not.toHaveBeenCalled();
  });

  it("maps the API's 400 details to the fields", async () => {
    expectConsoleError(/^Saving the profile failed:/);
    users.update.mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'Invalid profile', [
        { path: 'mobile', message: 'Not a valid phone number', code: 'invalid_format' },
        { path: 'first_name', message: 'Required', code: 'too_small' },
      ]),
    );
    const user = userEvent.setup();
    const { tp, field, save } = setup(lang);
    await user.click(save());
    await waitFor(() => expect(field('mobile')).toHaveAccessibleDescription(tp('fieldErrors.mobileInvalid')));
    expect(field('firstName')).toHaveAccessibleDescription(tp('fieldErrors.required'));
    expect(field('firstName')).toHaveFocus();
  });

  it('says so when the server fails', async () => {
    expectConsoleError(/^Saving the profile failed:/);
    users.update.mockRejectedValue(new ApiError(500, 'INTERNAL', 'boom'));
    const user = userEvent.setup();
    const { t, tp, save } = setup(lang);
    await user.click(save());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${tp('details.failed')} ${t('errors.server')}`);
    expect(alert).toHaveFocus();
  });

  it('shows loading, missing and error states of the backend user', async () => {
    useAuthStore.setState({ user: null, userStatus: 'loading' });
    const { tp, unmount } = setup(lang);
    expect(screen.getByRole('status')).toHaveTextContent(tp('details.loading'));
    unmount();

    useAuthStore.setState({ user: null, userStatus: 'missing' });
    setup(lang).unmount();

    useAuthStore.setState({ user: null, userStatus: 'error' });
    users.getCurrent.mockResolvedValue(backendUser);
    const user = userEvent.setup();
    setup(lang);
    expect(screen.getByRole('alert')).toHaveTextContent(tp('details.loadFailed'));
    await user.click(screen.getByRole('button', { name: tp('details.retry') }));
    await waitFor(() => expect(screen.getByLabelText(tp('details.firstName'))).toHaveValue('Kari'));
  });
});
