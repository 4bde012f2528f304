import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { authErrorKey } from '@/lib/authErrors';
import { updateUserSchema } from '@/lib/schemas/user';
import { useAuthStore } from '@/stores/useAuthStore';
import ProfileSection, { useAutoClearMessage, type SectionMessage } from './ProfileSection';
import { useFocusWhen } from '../useFocusOnMount';
import { profileFieldErrors, type FieldIssue, type ProfileField } from './fieldErrors';

type Values = Record<ProfileField, string>;
type Message = SectionMessage;

const FIELDS: ProfileField[] = ['first_name', 'last_name', 'mobile'];

function validationIssues(err: unknown): FieldIssue[] | null {
  const e = err as { status?: unknown; details?: unknown };
  return e?.status === 400 && Array.isArray(e.details) ? (e.details as FieldIssue[]) : null;
}

/** Names and mobile of the backend user (PUT /api/v1/user), validated with the API's own schema. */
export default function ProfileForm() {
  const { t } = useTranslation('profile');
  const id = useId();
  const user = useAuthStore((s) => s.user);
  const userStatus = useAuthStore((s) => s.userStatus);
  const identity = useAuthStore((s) => s.identity);
  const fetchUser = useAuthStore((s) => s.fetchUser);
  const updateProfile = useAuthStore((s) => s.updateProfile);

  const [values, setValues] = useState<Values>({ first_name: '', last_name: '', mobile: '' });
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [saving, setSaving] = useState(false);
  const loadedFor = useRef<string | null>(null);
  const refs = {
    first_name: useRef<HTMLInputElement>(null),
    last_name: useRef<HTMLInputElement>(null),
    mobile: useRef<HTMLInputElement>(null),
  };
  const messageRef = useFocusWhen<HTMLDivElement>(message?.kind === 'error' ? message : null);

  useEffect(() => {
    if (user && loadedFor.current !== user.uid) {
      loadedFor.current = user.uid;
      setValues({ first_name: user.first_name, last_name: user.last_name, mobile: user.mobile });
    }
  }, [user]);

  useAutoClearMessage(message, setMessage);

  function showFieldErrors(issues: readonly FieldIssue[]) {
    const next = profileFieldErrors(issues, t);
    setErrors(next);
    const first = FIELDS.find((f) => next[f]);
    if (first) refs[first].current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const parsed = updateUserSchema.safeParse(values);
    if (!parsed.success) {
      showFieldErrors(parsed.error.issues);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await updateProfile(parsed.data);
      setValues({ first_name: saved.first_name, last_name: saved.last_name, mobile: saved.mobile });
      setMessage({ kind: 'success', text: t('details.saved') });
    } catch (err) {
      console.error('Saving the profile failed:', err);
      const issues = validationIssues(err);
      if (issues) showFieldErrors(issues);
      else setMessage({ kind: 'error', text: `${t('details.failed')} ${t(`auth:${authErrorKey(err)}`)}` });
    } finally {
      setSaving(false);
    }
  }

  let body;
  if (userStatus === 'missing') {
    body = <p className="mb-0">{t('details.missing')}</p>;
  } else if (userStatus === 'error') {
    body = (
      <div>
        <p role="alert">{t('details.loadFailed')}</p>
        <Button variant="outline-primary" size="sm" onClick={() => void fetchUser()}>
          {t('details.retry')}
        </Button>
      </div>
    );
  } else if (!user) {
    body = (
      <div className="d-flex align-items-center gap-2" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>{t('details.loading')}</span>
      </div>
    );
  } else {
    const control = (field: ProfileField, label: string, props: Record<string, string> = {}) => (
      <Form.Group className="mb-3" controlId={`${id}-${field}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          ref={refs[field]}
          name={field}
          value={values[field]}
          onChange={(e) => {
            setValues((v) => ({ ...v, [field]: e.target.value }));
            if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
          }}
          isInvalid={Boolean(errors[field])}
          aria-invalid={Boolean(errors[field])}
          aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
          {...props}
        />
        {errors[field] && (
          <Form.Control.Feedback type="invalid" id={`${id}-${field}-error`}>
            {errors[field]}
          </Form.Control.Feedback>
        )}
      </Form.Group>
    );
    body = (
      <Form noValidate onSubmit={handleSubmit}>
        <div className="row g-2">
          <div className="col-sm-6">
            {control('first_name', t('details.firstName'), { autoComplete: 'given-name' })}
          </div>
          <div className="col-sm-6">
            {control('last_name', t('details.lastName'), { autoComplete: 'family-name' })}
          </div>
        </div>
        <Form.Group className="mb-3" controlId={`${id}-email`}>
          <Form.Label>{t('details.email')}</Form.Label>
          <Form.Control
            type="email"
            value={user.email || identity?.email || ''}
            readOnly
            plaintext
            aria-describedby={`${id}-email-help`}
          />
          <Form.Text id={`${id}-email-help`}>{t('details.emailHelp')}</Form.Text>
        </Form.Group>
        {control('mobile', t('details.mobile'), { type: 'tel', autoComplete: 'tel' })}
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? t('details.saving') : t('details.save')}
        </Button>
      </Form>
    );
  }

  return (
    <ProfileSection title={t('details.title')} message={message} messageRef={messageRef}>
      {body}
    </ProfileSection>
  );
}
