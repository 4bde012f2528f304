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

export interface RegisterFormProps {
  onSuccess?: () => void;
}

const NAME_MAX = 100;

type Field = 'firstName' | 'lastName' | 'telephone' | 'confirmPassword';
type FieldErrors = Partial<Record<Field, string>>;

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
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<AuthErrorKey | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const firstNameRef = useFocusOnMount<HTMLInputElement>();
  const lastNameRef = useRef<HTMLInputElement>(null);
  const telephoneRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const alertRef = useFocusWhen<HTMLDivElement>(error);

  const complete =
    values.firstName.trim() !== '' &&
    values.lastName.trim() !== '' &&
    values.email.trim() !== '' &&
    values.password !== '' &&
    values.confirmPassword !== '' &&
    isAccepted;

  function change(field: keyof typeof values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Clear a field's message as soon as it is fixed; a new one waits for the submit (a message
    // appearing on blur would shift the layout under the pointer heading for the terms box).
    if (field === 'password' || field === 'confirmPassword') {
      if (fieldErrors.confirmPassword && next.password === next.confirmPassword) {
        setFieldErrors((prev) => ({ ...prev, confirmPassword: undefined }));
      }
    } else if (field in fieldErrors) {
      setFieldErrors((prev) => ({ ...prev, [field]: undefined }));
    }
  }

  function validate(): FieldErrors {
    const errors: FieldErrors = {};
    if (values.firstName.trim().length > NAME_MAX)
      errors.firstName = t('register.tooLong', { max: NAME_MAX });
    if (values.lastName.trim().length > NAME_MAX) errors.lastName = t('register.tooLong', { max: NAME_MAX });
    if (!mobileSchema.safeParse(values.telephone).success) errors.telephone = t('register.telephoneInvalid');
    if (values.password !== values.confirmPassword) errors.confirmPassword = t('register.passwordMismatch');
    return errors;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete) return;
    setError(null);
    const errors = validate();
    setFieldErrors(errors);
    const firstInvalid = (['firstName', 'lastName', 'telephone', 'confirmPassword'] as const).find(
      (f) => errors[f],
    );
    if (firstInvalid) {
      const refs = {
        firstName: firstNameRef,
        lastName: lastNameRef,
        telephone: telephoneRef,
        confirmPassword: confirmRef,
      };
      refs[firstInvalid].current?.focus();
      return;
    }
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
      console.error('Registration failed:', err);
      setError(authErrorKey(err));
      notify.error(t('register.toastFailed'));
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
            type="email"
            name="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => change('email', e.target.value)}
          />
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
              type="password"
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
            />
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
      </Form>
    </div>
  );
}
