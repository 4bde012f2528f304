/**
 * A stored amount exactly as kept (DESIGN.md §5): a JSON number when the number is exactly the
 * stored decimal (always for amounts entered under the 15-significant-digit rule), else the
 * decimal text, so nothing is ever rounded on the way out.
 */
export type ExactAmount = number | string;
