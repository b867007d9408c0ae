// The Yup pieces the app's forms and the mock API's checks share where both check the same field
// by the same rule. Each side brings its own messages (the form's from the spec; the API's, which
// name the field) and its own base schema (a form's values are always text; a request's are
// whatever was sent, so the API's base refuses what is not a string before these rules run).
import * as yup from 'yup';
import { countCharacters } from './characters';
import { EMAIL_PATTERN, MAX_FULL_NAME_LENGTH } from './guest';
import { MAX_SAY_THANKS_LENGTH } from './limits';
import { type NameProblem, nameProblem, normalizeName } from './names';
import { GRATITUDE_ICONS } from './types';

/** One message for each way a name breaks the rule of ./names.ts. */
export type NameMessages = Record<NameProblem, string>;

export interface NameRule {
  /** In characters as a person counts them (./characters.ts), counted after normalising. */
  max?: number;
  /** Nothing (or nothing that shows) is taken, as '' (the API's wallet preparation call). */
  allowEmpty?: boolean;
}

/**
 * The names rule on a string schema: the name put in NFC and trimmed, then one message at a time.
 * An empty name is the base's to refuse (its required()); one of only invisible characters is
 * empty too.
 */
export function personName<S extends yup.StringSchema<string | undefined>>(
  base: S,
  messages: NameMessages,
  { max = MAX_FULL_NAME_LENGTH, allowEmpty = false }: NameRule = {},
): S {
  return base
    .transform((value: unknown) => {
      if (typeof value !== 'string') return value;
      const name = normalizeName(value);
      return allowEmpty && nameProblem(name, max) === 'empty' ? '' : name;
    })
    .test('name', messages.empty, function check(value) {
      const problem = value ? nameProblem(value, max) : null;
      return problem === null || this.createError({ message: messages[problem] });
    });
}

/** The guest's email (./guest.ts): any top-level domain; an empty one is the base's to refuse. */
export const emailAddress = <S extends yup.StringSchema<string | undefined>>(
  base: S,
  message: string,
): S => base.matches(EMAIL_PATTERN, { message, excludeEmptyString: true });

/**
 * "Say thanks": trimmed, at most MAX_SAY_THANKS_LENGTH characters as a person counts them
 * (./characters.ts). The message may use Yup's `${max}`.
 */
export const sayThanksText = (tooLongMessage: string) =>
  yup
    .string()
    .trim()
    .test({
      name: 'max',
      message: tooLongMessage,
      params: { max: MAX_SAY_THANKS_LENGTH },
      test: (value) => value == null || countCharacters(value) <= MAX_SAY_THANKS_LENGTH,
    });

/** One of the gratitude kinds' icons (an absent one is the base's to refuse). */
export const gratitudeIcon = <S extends yup.Schema<unknown>>(base: S, message: string): S =>
  base.test('icon', message, (value) =>
    value == null ? true : (GRATITUDE_ICONS as readonly unknown[]).includes(value),
  );
