/** The form's `t` for namespace `profile`. */
export type Translate = (key: string, options?: { max?: number }) => string;

export type ProfileField = 'first_name' | 'last_name' | 'mobile';

/** Length limits of lib/schemas/user.ts, for the "at most N characters" message. */
const MAX_LENGTH: Record<ProfileField, number> = { first_name: 100, last_name: 100, mobile: 20 };

/** A zod issue as the form sees it, or an entry of the API's 400 `details` (path dotted). */
export interface FieldIssue {
  path: string | readonly PropertyKey[];
  code: string;
}

function fieldOf(issue: FieldIssue): ProfileField | undefined {
  const first = typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0];
  return first === 'first_name' || first === 'last_name' || first === 'mobile' ? first : undefined;
}

/**
 * Field messages (namespace `profile`) for the issues of updateUserSchema — the same rules whether
 * zod ran in the browser or the API answered 400 with details. The first issue per field wins.
 */
export function profileFieldErrors(
  issues: readonly FieldIssue[],
  t: Translate,
): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    if (!field || errors[field]) continue;
    if (issue.code === 'too_small') errors[field] = t('fieldErrors.required');
    else if (issue.code === 'too_big') errors[field] = t('fieldErrors.tooLong', { max: MAX_LENGTH[field] });
    else if (field === 'mobile') errors[field] = t('fieldErrors.mobileInvalid');
    else errors[field] = t('fieldErrors.invalid');
  }
  return errors;
}
