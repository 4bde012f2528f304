import { errorText } from '@/server/logging/describeError';
import type { NextApiResponse } from 'next';

/**
 * Regenerate the blog's static pages that show a changed article (Next's on-demand ISR), so a
 * published, updated or deleted article is visible at once without a rebuild. A page that fails to
 * regenerate is logged, not an error of the write: its time-based revalidation catches up.
 */
export async function revalidateBlog(res: NextApiResponse, paths: readonly string[]): Promise<void> {
  await Promise.all(
    paths.map((path) =>
      res.revalidate(path).catch((err: unknown) => {
        console.warn(`[blog] could not regenerate ${path}: ${errorText(err)}`);
      }),
    ),
  );
}
