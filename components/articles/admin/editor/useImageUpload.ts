import { useCallback, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { IMAGE_MAX_BYTES } from '@/lib/articles/constants';
import { ApiError } from '@/services/apiError';
import { useArticleAdminStore } from '@/stores/useArticleAdminStore';

export type UploadTarget = 'cover' | 'body';

/**
 * Upload an article image (the cover or one for the body). A file over IMAGE_MAX_BYTES is refused
 * before sending; the server's 415 (type) and 413 (size) get their own message, anything else a
 * general one. `onMessage` receives the message to show (null when an upload starts).
 */
export function useImageUpload(onMessage: (message: string | null) => void): {
  uploading: UploadTarget | null;
  upload: (file: File, target: UploadTarget) => Promise<string | null>;
} {
  const { t } = useTranslation('articles');
  const [uploading, setUploading] = useState<UploadTarget | null>(null);

  const upload = useCallback(
    async (file: File, target: UploadTarget): Promise<string | null> => {
      if (file.size > IMAGE_MAX_BYTES) {
        onMessage(t('editor.errors.imageTooLarge'));
        return null;
      }
      setUploading(target);
      onMessage(null);
      try {
        return (await useArticleAdminStore.getState().uploadImage(file)).image_id;
      } catch (err) {
        const status = err instanceof ApiError ? err.status : 0;
        onMessage(
          status === 415
            ? t('editor.errors.imageType')
            : status === 413
              ? t('editor.errors.imageTooLarge')
              : t('editor.errors.upload'),
        );
        return null;
      } finally {
        setUploading(null);
      }
    },
    [onMessage, t],
  );

  return { uploading, upload };
}
