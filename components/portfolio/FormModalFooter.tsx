import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'next-i18next/pages';

/** A portfolio form dialog's footer: Cancel, and the submit button ("Saving…" while it saves). */
export default function FormModalFooter({
  saving,
  onCancel,
  submitLabel,
}: {
  saving: boolean;
  onCancel(): void;
  /** Default: "Save". */
  submitLabel?: string;
}) {
  const { t } = useTranslation('portfolio');
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" variant="primary" disabled={saving}>
        {saving ? t('actions.saving') : (submitLabel ?? t('actions.save'))}
      </Button>
    </Modal.Footer>
  );
}
