import { useRef } from 'react';
import { useTranslation } from 'next-i18next/pages';

export type ToolbarAction = 'heading' | 'bold' | 'italic' | 'link' | 'list' | 'quote';

// Short marks for the formatting buttons; link, list and quote show their (translated) names.
const ACTIONS: { action: ToolbarAction; label?: string; className?: string }[] = [
  { action: 'heading', label: 'H2', className: 'fw-semibold' },
  { action: 'bold', label: 'B', className: 'fw-bold' },
  { action: 'italic', label: 'I', className: 'fst-italic' },
  { action: 'link' },
  { action: 'list' },
  { action: 'quote' },
];

interface MarkdownToolbarProps {
  onAction(action: ToolbarAction): void;
  onImage(file: File): void;
  uploading: boolean;
  /** The id of the textarea the toolbar edits. */
  controls: string;
}

/** Heading, bold, italic, link, list, quote, and an image upload that inserts its Markdown. */
export default function MarkdownToolbar({ onAction, onImage, uploading, controls }: MarkdownToolbarProps) {
  const { t } = useTranslation('articles');
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div
      className="btn-toolbar gap-1 mb-2"
      role="toolbar"
      aria-label={t('editor.toolbar.label')}
      aria-controls={controls}
    >
      <div className="btn-group btn-group-sm">
        {ACTIONS.map(({ action, label, className }) => (
          <button
            key={action}
            type="button"
            className="btn btn-outline-secondary"
            title={t(`editor.toolbar.${action}`)}
            onClick={() => onAction(action)}
          >
            {label ? (
              <>
                <span aria-hidden="true" className={className}>
                  {label}
                </span>
                <span className="visually-hidden">{t(`editor.toolbar.${action}`)}</span>
              </>
            ) : (
              t(`editor.toolbar.${action}`)
            )}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        onClick={() => fileInput.current?.click()}
        disabled={uploading}
      >
        {uploading ? t('editor.toolbar.uploading') : t('editor.toolbar.image')}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="d-none"
        data-testid="body-image-input"
        aria-label={t('editor.toolbar.image')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onImage(file);
        }}
      />
    </div>
  );
}
