// Names are text: the one rule for a person's name (the guest's Full Name, a form's guestName) on
// the form and on the API. A name is trimmed and put in Unicode NFC before it is measured, checked
// and stored, and it may not hold control or text-direction characters.
import { countCharacters } from './characters';
import { MAX_FULL_NAME_LENGTH } from './guest';

/**
 * The code points no name may hold, as inclusive ranges:
 * - control characters (Unicode Cc): NUL, bell, tab, newline, DEL and the C1 controls;
 * - text-direction characters: the marks ALM, LRM and RLM, the embeddings and overrides LRE to
 *   RLO, the isolates LRI to PDI, which reorder the text shown around and inside the name;
 * - line and paragraph separators, which break a name over lines as a newline would;
 * - the deprecated format characters U+206A to U+206F (symmetric swapping, Arabic shaping, digit
 *   shapes) and the interlinear annotation characters U+FFF9 to U+FFFB: invisible controls too.
 * Zero-width joiners and non-joiners (U+200D, U+200C) stay allowed: emoji sequences and several
 * scripts need them.
 */
export const FORBIDDEN_NAME_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x061c, 0x061c],
  [0x200e, 0x200f],
  [0x2028, 0x2029],
  [0x202a, 0x202e],
  [0x2066, 0x206f],
  [0xfff9, 0xfffb],
];

const hex = (codePoint: number) => `\\u{${codePoint.toString(16)}}`;
const FORBIDDEN = new RegExp(
  `[${FORBIDDEN_NAME_RANGES.map(([from, to]) => `${hex(from)}-${hex(to)}`).join('')}]`,
  'u',
);
/** In a `u` regular expression a surrogate range matches only the unpaired ones. */
const UNPAIRED_SURROGATE = /[\uD800-\uDFFF]/u;
/** What shows nothing: white space, and joiners, variation selectors, fillers and the like. */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;

/** Trimmed, then in Unicode NFC: the form a name is measured, checked and stored in. */
export function normalizeName(raw: string): string {
  return raw.normalize('NFC').trim();
}

/** Whether `text` holds a control or text-direction character (FORBIDDEN_NAME_RANGES). */
export function hasForbiddenCharacter(text: string): boolean {
  return FORBIDDEN.test(text);
}

/**
 * What is wrong with a name already normalised, or null:
 * - `empty`: nothing, or nothing that shows (only joiners, fillers or variation selectors);
 * - `characters`: a control or text-direction character;
 * - `broken`: half a UTF-16 surrogate pair, which is not text (and no Stripe call can send it);
 * - `tooLong`: more than `max` characters as a person counts them (./characters.ts), the unit the
 *   form's limits count in.
 */
export type NameProblem = 'empty' | 'characters' | 'broken' | 'tooLong';

export function nameProblem(name: string, max: number = MAX_FULL_NAME_LENGTH): NameProblem | null {
  if (name === '') return 'empty';
  const textProblem = textCharactersProblem(name);
  if (textProblem) return textProblem;
  if (name.replace(INVISIBLE, '') === '') return 'empty';
  if (countCharacters(name) > max) return 'tooLong';
  return null;
}

/** The character part of the rule alone, for text that carries a name (a review's title). */
export function textCharactersProblem(text: string): 'characters' | 'broken' | null {
  if (hasForbiddenCharacter(text)) return 'characters';
  if (UNPAIRED_SURROGATE.test(text)) return 'broken';
  return null;
}

/** `Full Name can't contain control or text-direction characters` (the API adds its period). */
export const nameCharactersMessage = (label: string) =>
  `${label} can't contain control or text-direction characters`;

/** `Full Name must be valid Unicode text`: half a surrogate pair (a pasted or forged string). */
export const nameBrokenMessage = (label: string) => `${label} must be valid Unicode text`;
