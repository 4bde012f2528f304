import { useId, useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { notify } from '@/components/common/notify';
import { Trans, useTranslation } from 'next-i18next/pages';
import { authErrorKey, type AuthErrorKey } from '@/lib/authErrors';
import { mobileSchema } from '@/lib/schemas/user';
import { useAuthStore } from '@/stores/useAuthStore';
import { HOME_PATH } from './returnUrl';
import { useFocusOnMount, useFocusWhen } from './useFocusOnMount';
import SocialButtons from './SocialButtons';

export interface RegisterFormProps {
  onSuccess?: () => void;
}

const NAME_MAX = 100;
const EMAIL_MAX = 254;
/** A finance account: at least 10 characters (issue 24 item 5). */
export const PASSWORD_MIN = 10;
/** The e-mail's shape: something@domain.tld, no spaces (length capped before the pattern runs). */
const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@.]{1,63}(?:\.[^\s@.]{1,63}){1,8}$/;

type Field = 'firstName' | 'lastName' | 'email' | 'telephone' | 'password' | 'confirmPassword';
type FieldErrors = Partial<Record<Field, string>>;

/** How strong a password looks: 0 too short, 1 weak, 2 fair, 3 strong (length and variety). */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 {
  if (password.length < PASSWORD_MIN) return 0;
  const kinds = [/[a-zæøå]/, /[A-ZÆØÅ]/, /\d/, /[^A-Za-z0-9æøåÆØÅ]/].filter((re) => re.test(password)).length;
  const score = (password.length >= 14 ? 1 : 0) + (kinds >= 3 ? 1 : 0) + (kinds >= 2 ? 1 : 0);
  return score >= 2 ? 3 : score === 1 ? 2 : 1;
}

/**
 * Registration (SPEC §2–§5, DESIGN.md §9): the button waits for every required field and the
 * terms; a mismatched confirmation is reported next to its field. Shared by
 * /authentication/register and the top bar's Register modal.
 */
export default function RegisterForm({ onSuccess }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const id = useId();
  const register = useAuthStore((s) => s.register);

  const [values, setValues] = useState({
    firstName: '',
    lastName: '',
    email: '',
    telephone: '',
    password: '',
    confirmPassword: '',
  });
  const [isAccepted, setIsAccepted] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  /** Firebase's answer for a field (e-mail in use, weak password) until that field changes. */
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<AuthErrorKey | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const firstNameRef = useFocusOnMount<HTMLInputElement>();
  const lastNameRef = useRef<HTMLInputElement>(null);
  const telephoneRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useFocusWhen<HTMLDivElement>(error);

  /** Every rule, checked as the person types (issue 24 item 5). */
  function validate(): FieldErrors {
    const errors: FieldErrors = {};
    const first = values.firstName.trim();
    const last = values.lastName.trim();
    const email = values.email.trim();
    if (first === '') errors.firstName = t('register.required');
    else if (first.length > NAME_MAX) errors.firstName = t('register.tooLong', { max: NAME_MAX });
    if (last === '') errors.lastName = t('register.required');
    else if (last.length > NAME_MAX) errors.lastName = t('register.tooLong', { max: NAME_MAX });
    if (email === '') errors.email = t('register.required');
    else if (email.length > EMAIL_MAX || !EMAIL_SHAPE.test(email)) errors.email = t('register.emailInvalid');
    if (!mobileSchema.safeParse(values.telephone).success) errors.telephone = t('register.telephoneInvalid');
    if (values.password.length < PASSWORD_MIN)
      errors.password = t('register.passwordTooShort', { min: PASSWORD_MIN });
    if (values.confirmPassword === '') errors.confirmPassword = t('register.required');
    else if (values.password !== values.confirmPassword)
      errors.confirmPassword = t('register.passwordMismatch');
    return { ...errors, ...serverErrors };
  }

  const allErrors = validate();
  const fieldErrors: FieldErrors = Object.fromEntries(
    Object.entries(allErrors).filter(([field]) => touched[field as Field]),
  );
  const complete = Object.keys(allErrors).length === 0 && isAccepted;
  const FIELD_ORDER: Field[] = ['firstName', 'lastName', 'email', 'telephone', 'password', 'confirmPassword'];
  /** Why the button is disabled, in words (shown under it). */
  const blockers = [
    ...FIELD_ORDER.filter((f) => allErrors[f]).map((f) => t(`register.${f}`)),
    ...(isAccepted ? [] : [t('register.termsShort')]),
  ];
  const strength = passwordStrength(values.password);

  function change(field: keyof typeof values, value: string) {
    setValues((prev) => ({ ...prev, [field]: value }));
    setTouched((prev) => ({ ...prev, [field]: true }));
    if (serverErrors[field]) setServerErrors((prev) => ({ ...prev, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete) return;
    setError(null);
    setSubmitting(true);
    const name = `${values.firstName.trim()} ${values.lastName.trim()}`;
    try {
      await register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        telephone: values.telephone.trim(),
        password: values.password,
      });
      notify.success(t('register.success', { name }));
      onSuccess?.();
      void router.push(HOME_PATH);
    } catch (err) {
      const key = authErrorKey(err);
      // Firebase's errors that belong to a field are shown next to it.
      const field: Field | undefined =
        key === 'errors.emailInUse' || key === 'errors.invalidEmail'
          ? 'email'
          : key === 'errors.weakPassword'
            ? 'password'
            : undefined;
      if (field) {
        setServerErrors({ [field]: t(key) });
        setTouched((prev) => ({ ...prev, [field]: true }));
        (field === 'email' ? emailRef : passwordRef).current?.focus();
      } else {
        console.error('Registration failed:', err);
        setError(key);
        notify.error(t('register.toastFailed'));
      }
    } finally {
      setSubmitting(false);
    }
  }

  const feedback = (field: Field) =>
    fieldErrors[field] ? (
      <Form.Control.Feedback type="invalid" id={`${id}-${field}-error`}>
        {fieldErrors[field]}
      </Form.Control.Feedback>
    ) : null;
  const invalidProps = (field: Field) => ({
    isInvalid: Boolean(fieldErrors[field]),
    'aria-invalid': Boolean(fieldErrors[field]),
    'aria-describedby': fieldErrors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <div className="register-form">
      {error && (
        <Alert variant="danger" ref={alertRef} tabIndex={-1} role="alert" className="py-2">
          <strong>{t('register.failed')}</strong>
          {error !== 'errors.unknown' && <div className="small">{t(error)}</div>}
        </Alert>
      )}
      <Form noValidate onSubmit={handleSubmit}>
        <div className="row g-2">
          <Form.Group className="col-sm-6 mb-3" controlId={`${id}-firstName`}>
            <Form.Label>{t('register.firstName')}</Form.Label>
            <Form.Control
              ref={firstNameRef}
              name="firstName"
              autoComplete="given-name"
              value={values.firstName}
              onChange={(e) => change('firstName', e.target.value)}
              {...invalidProps('firstName')}
            />
            {feedback('firstName')}
          </Form.Group>
          <Form.Group className="col-sm-6 mb-3" controlId={`${id}-lastName`}>
            <Form.Label>{t('register.lastName')}</Form.Label>
            <Form.Control
              ref={lastNameRef}
              name="lastName"
              autoComplete="family-name"
              value={values.lastName}
              onChange={(e) => change('lastName', e.target.value)}
              {...invalidProps('lastName')}
            />
            {feedback('lastName')}
          </Form.Group>
        </div>
        <Form.Group className="mb-3" controlId={`${id}-email`}>
          <Form.Label>{t('register.email')}</Form.Label>
          <Form.Control
            ref={emailRef}
            type="email"
            name="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            value={values.email}
            onChange={(e) => change('email', e.target.value)}
            {...invalidProps('email')}
          />
          {feedback('email')}
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-telephone`}>
          <Form.Label>{t('register.telephone')}</Form.Label>
          <Form.Control
            ref={telephoneRef}
            type="tel"
            name="telephone"
            autoComplete="tel"
            value={values.telephone}
            onChange={(e) => change('telephone', e.target.value)}
            {...invalidProps('telephone')}
          />
          {feedback('telephone')}
        </Form.Group>
        <div className="row g-2">
          <Form.Group className="col-sm-6 mb-3" controlId={`${id}-password`}>
            <Form.Label>{t('register.password')}</Form.Label>
            <Form.Control
              ref={passwordRef}
              type="password"
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
              {...invalidProps('password')}
            />
            {feedback('password')}
            {values.password.length >= PASSWORD_MIN && !fieldErrors.password && (
              <Form.Text id={`${id}-password-strength`} aria-live="polite">
                {t(`register.strength.${strength}`)}
              </Form.Text>
            )}
          </Form.Group>
          <Form.Group className="col-sm-6 mb-3" controlId={`${id}-confirmPassword`}>
            <Form.Label>{t('register.confirmPassword')}</Form.Label>
            <Form.Control
              ref={confirmRef}
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(e) => change('confirmPassword', e.target.value)}
              {...invalidProps('confirmPassword')}
            />
            {feedback('confirmPassword')}
          </Form.Group>
        </div>
        <Form.Group className="mb-3">
          <Form.Check type="checkbox" id={`${id}-terms`}>
            <Form.Check.Input
              type="checkbox"
              checked={isAccepted}
              onChange={(e) => setIsAccepted(e.target.checked)}
            />
            <Form.Check.Label>
              <Trans
                t={t}
                i18nKey="register.terms"
                components={{
                  terms: <Link href="/public/disclaimer" target="_blank" rel="noopener noreferrer" />,
                  privacy: (
                    <Link href="/public/privacy-statement" target="_blank" rel="noopener noreferrer" />
                  ),
                }}
              />
            </Form.Check.Label>
          </Form.Check>
        </Form.Group>
        <Button type="submit" variant="primary" className="w-100" disabled={submitting || !complete}>
          {submitting ? t('register.submitting') : t('register.submit')}
        </Button>
        {!complete && !submitting && (
          <p className="small text-body-secondary mt-2 mb-0" id={`${id}-blockers`} aria-live="polite">
            {t('register.disabledBecause', { list: blockers.join(', ') })}
          </p>
        )}
      </Form>

      {/* Issue 39 item 7: the same Google and Facebook sign-up as on the login page, once the terms are accepted. */}
      <div className="d-flex align-items-center gap-2 my-3 text-body-secondary small">
        <hr className="flex-grow-1 my-0" aria-hidden="true" />
        <span>{t('register.orRegisterWith')}</span>
        <hr className="flex-grow-1 my-0" aria-hidden="true" />
      </div>
      <SocialButtons
        mode="register"
        disabled={submitting || !isAccepted}
        onSignedIn={(outcome) => {
          notify.success(
            t('register.success', { name: outcome.identity.displayName ?? outcome.identity.email ?? '' }),
          );
          onSuccess?.();
          void router.push(HOME_PATH);
        }}
        // An account that already exists and has a second factor: the login page asks for it.
        onMfaRequired={() => void router.push('/authentication/login')}
      />
      {!isAccepted && <p className="small text-body-secondary mt-2 mb-0">{t('register.socialNeedsTerms')}</p>}
    </div>
  );
}
