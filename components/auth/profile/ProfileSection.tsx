import { useEffect, type ReactNode, type Ref } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { MESSAGE_AUTO_CLEAR_MS } from '@/lib/constants';

/** A section's one message: a confirmation (announced politely) or an error (announced at once). */
export type SectionMessage = { kind: 'success' | 'error'; text: string };

/**
 * Clear `message` after MESSAGE_AUTO_CLEAR_MS (SPEC §8: profile messages show for 5 seconds);
 * with `keepErrors`, an error stays until the next action.
 */
export function useAutoClearMessage(
  message: SectionMessage | null,
  setMessage: (message: null) => void,
  { keepErrors = false }: { keepErrors?: boolean } = {},
): void {
  useEffect(() => {
    if (!message || (keepErrors && message.kind === 'error')) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_AUTO_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [message, setMessage, keepErrors]);
}

interface ProfileSectionProps {
  title: string;
  /** Shown above the message. */
  intro?: ReactNode;
  message: SectionMessage | null;
  /** The message element, for the caller's focus handling. */
  messageRef: Ref<HTMLDivElement>;
  /** Inside the message, after its text (e.g. a button that helps). */
  messageAction?: ReactNode;
  children: ReactNode;
}

/** One card of the profile page: its title, its message, its form. */
export default function ProfileSection({
  title,
  intro,
  message,
  messageRef,
  messageAction,
  children,
}: ProfileSectionProps) {
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h5">
        {title}
      </Card.Header>
      <Card.Body>
        {intro}
        {message && (
          <Alert
            variant={message.kind === 'success' ? 'success' : 'danger'}
            ref={messageRef}
            tabIndex={-1}
            role={message.kind === 'success' ? 'status' : 'alert'}
            className="py-2"
          >
            {message.text}
            {messageAction}
          </Alert>
        )}
        {children}
      </Card.Body>
    </Card>
  );
}
