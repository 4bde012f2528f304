/**
 * PostgreSQL cannot store the NUL character in a text column (a write would fail with a 500), so
 * every free text a user sends is held to this before it reaches the database.
 */
export const NO_NUL_PATTERN = /^[^\u0000]*$/;
export const NO_NUL_MESSAGE = 'Must not contain a NUL character';
