import type { Field, FieldErrors } from './articleDraft';

/** The id, aria-invalid and aria-describedby of a form field that may carry an error. */
export function fieldProps(ids: string, name: Field, errors: FieldErrors) {
  return {
    id: `${ids}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids}-${name}-error` : undefined,
  } as const;
}

/** The error message under a field (nothing when the field is fine). */
export default function FieldError({ ids, name, errors }: { ids: string; name: Field; errors: FieldErrors }) {
  return errors[name] ? (
    <div id={`${ids}-${name}-error`} className="invalid-feedback d-block">
      {errors[name]}
    </div>
  ) : null;
}
