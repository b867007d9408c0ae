// The names rule of the wire contract (src/api/contract/names.ts) on the API: a name read from a
// request comes back trimmed and in NFC, or the request is refused with a 400 naming the field.
import { MAX_FULL_NAME_LENGTH } from '../src/api/contract/guest';
import {
  type NameProblem,
  nameBrokenMessage,
  nameCharactersMessage,
  nameProblem,
  normalizeName,
} from '../src/api/contract/names';
import { badRequest, presentString } from './http';

interface NameRule {
  /** The field as the error names it (`metadata.guestName`); the key itself by default. */
  label?: string;
  /** In UTF-16 code units, counted after normalising. */
  max?: number;
  /** An empty (or all-blank) value is returned as '' (the wallet preparation call's guestName). */
  allowEmpty?: boolean;
}

/** The API's message for each way a name breaks the rule (its sentences end with a period). */
export function nameMessage(label: string, problem: NameProblem, max: number): string {
  switch (problem) {
    case 'empty':
      return `${label} is required.`;
    case 'characters':
      return `${nameCharactersMessage(label)}.`;
    case 'broken':
      return `${nameBrokenMessage(label)}.`;
    case 'tooLong':
      return `${label} must be at most ${max} characters.`;
  }
}

/**
 * A person's name from a request's fields (a guest's fullName or guestName), or text that carries
 * one (a review's title, `{guestName} recognized {userName}`, with a larger `max`): trimmed and in
 * NFC, with no control or text-direction character.
 */
export function requireName(
  fields: Record<string, unknown>,
  name: string,
  rule: NameRule = {},
): string {
  const label = rule.label ?? name;
  const max = rule.max ?? MAX_FULL_NAME_LENGTH;
  const value = normalizeName(presentString(fields, name, label));
  const problem = nameProblem(value, max);
  if (problem === 'empty' && rule.allowEmpty) return '';
  if (problem) throw badRequest(label, nameMessage(label, problem, max));
  return value;
}
