// The guest: who sends a gratitude or pays, as the guest lookup (createWebUser) knows them, and
// the rules their details follow on the form and on the API (spec section 5).

/** A guest once looked up: the id the API gave them, their name and email. */
export interface Guest {
  userId: string;
  fullName: string;
  email: string;
}

/** Full Name: trimmed, 1 to 30 characters. */
export const MAX_FULL_NAME_LENGTH = 30;

/**
 * What no part of an email may hold: white space and `@`, and the characters the names rule bans
 * (./names.ts) with every other one that shows nothing: control characters (Cc), format
 * characters (Cf: the text-direction marks, embeddings and isolates, zero-width spaces and
 * joiners, the soft hyphen), half a surrogate pair (Cs, not text at all) and the rest of the
 * default-ignorable characters (variation selectors, fillers). An address is read back by a person
 * and sent on in the payment's metadata: an invisible character in it is a forgery or a paste
 * accident, never part of a mailbox.
 */
const NOT_IN_EMAIL = String.raw`\s@\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}`;

/**
 * Any top-level domain of two or more characters (code points); exactly one `@`; none of
 * NOT_IN_EMAIL. The form and the API test the same pattern, so both refuse the same addresses.
 */
export const EMAIL_PATTERN = new RegExp(
  `^[^${NOT_IN_EMAIL}]+@[^${NOT_IN_EMAIL}]+\\.[^${NOT_IN_EMAIL}.]{2,}$`,
  'u',
);
