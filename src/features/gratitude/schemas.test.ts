import fc from 'fast-check';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { MESSAGE_TEXT_OR_MEDIA_REQUIRED } from '../../api/contract/limits';
import type { PickedMedia } from './media/validateMedia';
import { emptyMessage, guestDetailsSchema, hasTextOrMedia, reviewSchema } from './schemas';

/** Every message by field, as Formik would show them. */
async function errorsOf(
  schema: AnyObjectSchema,
  values: unknown,
): Promise<Record<string, string[]>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string[]> = {};
    for (const inner of error.inner) (errors[inner.path ?? ''] ??= []).push(inner.message);
    return errors;
  }
}

const guest = (fullName: string, email = 'jo@example.com') => ({ fullName, email });
const guestErrors = (fullName: string, email?: string) =>
  errorsOf(guestDetailsSchema, guest(fullName, email));
const castName = (fullName: string) => guestDetailsSchema.cast(guest(fullName)).fullName;

const EMPTY_NAME = 'Full Name is not allowed to be empty';
const NAME_TOO_LONG = 'Full Name must be at most 30 characters';
const CHARACTERS_MESSAGE = "Full Name can't contain control or text-direction characters";

describe('emptyMessage', () => {
  it("writes the spec's '{label} is not allowed to be empty'", () => {
    expect(emptyMessage('Full Name')).toBe(EMPTY_NAME);
  });
});

describe('guestDetailsSchema', () => {
  it.each([
    ['no fields', {}],
    ['fields of spaces', { fullName: '  \t ', email: '   ' }],
  ])('says which fields are empty, for %s', async (_what, values) => {
    expect(await errorsOf(guestDetailsSchema, values)).toEqual({
      fullName: [EMPTY_NAME],
      email: ['Email is not allowed to be empty'],
    });
  });

  // Characters are counted as a person does: an emoji or an accented letter is one.
  it.each([
    ['1 character', 'J'],
    ['30 characters', 'x'.repeat(30)],
    ['30 characters once trimmed', `   ${'x'.repeat(30)}   `, 'x'.repeat(30)],
    // 30 accented letters typed decomposed are 60 code units, 30 once composed (NFC).
    ['30 decomposed accented letters', 'e\u0301'.repeat(30), '\u00e9'.repeat(30)],
  ])('accepts %s (%j)', async (_what, fullName, kept = fullName) => {
    expect(await guestErrors(fullName)).toEqual({});
    expect(castName(fullName)).toBe(kept);
  });

  it('trims the name and the email, and composes the name (NFC)', () => {
    expect(guestDetailsSchema.cast(guest('  Jo Doe  ', ' jo@example.com '))).toEqual({
      fullName: 'Jo Doe',
      email: 'jo@example.com',
    });
    expect(castName(' Jose\u0301 Nu\u0301n\u0303ez ')).toBe('José Núñez');
  });

  it.each([
    ['31 characters', 'x'.repeat(31), NAME_TOO_LONG],
    ['the issue’s name', '\u202eevil\u0000nul', CHARACTERS_MESSAGE],
    ['half a surrogate pair', 'Jo\ud800', 'Full Name must be valid Unicode text'],
    ['a name of invisible characters, as empty', ' \u200b\u200d ', EMPTY_NAME],
  ])('refuses %s: %j', async (_what, fullName, message) => {
    expect(await guestErrors(fullName)).toEqual({ fullName: [message] });
  });

  it('never lets a name with a control or text-direction character through', async () => {
    const bad = fc
      .constantFrom(0x0000, 0x0009, 0x001f, 0x007f, 0x0085, 0x061c, 0x200e, 0x2028, 0x202e, 0x2069)
      .map((codePoint) => String.fromCodePoint(codePoint));
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 10 }), bad, (start, char) => {
        const fullName = `J${start}${char}o`;
        return guestErrors(fullName).then((errors) => {
          expect(errors).toEqual({ fullName: [CHARACTERS_MESSAGE] });
        });
      }),
    );
  });

  it.each(['jo@example.com', 'jo@agency.travel', 'jo@studio.photography', 'j.o+1@mail.co.uk'])(
    'accepts the email %j',
    async (email) => {
      expect(await guestErrors('Jo', email)).toEqual({});
    },
  );

  it.each(['jo', 'jo@', 'jo@example', 'jo@example.c', 'jo@@example.com', 'j o@example.com'])(
    'refuses the email %j',
    async (email) => {
      expect(await guestErrors('Jo', email)).toEqual({ email: ['Please enter a valid email'] });
    },
  );

  const nameChar = fc.constantFrom(..."abcXYZ .-'éñ李".split(''));
  const edge = fc.constantFrom(...'abcXYZéñ李'.split(''));

  it('accepts any name of 1 to 30 characters that does not start or end with a space', async () => {
    const name = fc.oneof(
      edge,
      fc
        .tuple(edge, fc.array(nameChar, { maxLength: 28 }), edge)
        .map(([first, middle, last]) => first + middle.join('') + last),
    );
    await fc.assert(
      fc.asyncProperty(name, async (fullName) => {
        expect(await guestErrors(fullName)).toEqual({});
      }),
    );
  });

  it('refuses any name longer than 30 characters once trimmed', async () => {
    const padding = fc.constantFrom('', ' ', '\t', '  ');
    const name = fc
      .tuple(padding, edge, fc.array(nameChar, { minLength: 29, maxLength: 60 }), edge, padding)
      .map(
        ([before, first, middle, last, after]) => before + first + middle.join('') + last + after,
      );
    await fc.assert(
      fc.asyncProperty(name, async (fullName) => {
        expect(await guestErrors(fullName)).toEqual({ fullName: [NAME_TOO_LONG] });
      }),
    );
  });
});

describe('reviewSchema', () => {
  const image: PickedMedia = {
    kind: 'image',
    file: { name: 'a.png', type: 'image/png', size: 100_000 },
  };
  const review = (sayThanks: string, media: PickedMedia[] = []) => ({
    icon: 'RECOGNITION',
    sayThanks,
    media,
  });
  const TOO_LONG = 'Say thanks must be at most 250 characters';

  it.each([
    ['text alone', review('Thank you!')],
    ['media alone', review('', [image])],
    ['250 characters', review('x'.repeat(250))],
    ['250 characters once trimmed', review(` ${'x'.repeat(250)}\n`)],
    ['250 emoji', review('\u{1F600}'.repeat(250))],
    ['250 decomposed letters after spaces', review(`${'  '.repeat(20)}${'e\u0301'.repeat(250)}`)],
  ])('accepts %s', async (_what, values) => {
    expect(await errorsOf(reviewSchema, values)).toEqual({});
  });

  it('words the text-or-media rule as the spec does', () => {
    expect(MESSAGE_TEXT_OR_MEDIA_REQUIRED).toBe('Either "Say Thanks" or "Post" must be provided.');
  });

  it.each([
    ['text of spaces', review('  \n\t '), MESSAGE_TEXT_OR_MEDIA_REQUIRED],
    ['neither field', { icon: 'GRATITUDE' }, MESSAGE_TEXT_OR_MEDIA_REQUIRED],
    ['251 characters', review('x'.repeat(251)), TOO_LONG],
    ['251 emoji', review('\u{1F600}'.repeat(251)), TOO_LONG],
  ])('refuses %s', async (_what, values, message) => {
    expect(await errorsOf(reviewSchema, values)).toEqual({ sayThanks: [message] });
  });

  it.each(['RECOGNITION', 'APPRECIATION', 'CELEBRATION', 'GRATITUDE'])(
    'accepts the kind %s',
    async (icon) => {
      expect(await errorsOf(reviewSchema, { ...review('Thanks'), icon })).toEqual({});
    },
  );

  it.each([undefined, '', 'TIP', 'recognition'])('refuses the kind %p', async (icon) => {
    expect(await errorsOf(reviewSchema, { ...review('Thanks'), icon })).toEqual({
      icon: ['Please choose a kind of recognition'],
    });
  });
});

describe('hasTextOrMedia', () => {
  it('is true for trimmed text or any attachment', () => {
    const video: PickedMedia = { kind: 'video', file: { name: 'v', type: 'video/mp4', size: 1 } };
    expect(hasTextOrMedia({ sayThanks: ' ', media: [] })).toBe(false);
    expect(hasTextOrMedia({ sayThanks: ' a ', media: [] })).toBe(true);
    expect(hasTextOrMedia({ sayThanks: '', media: [video] })).toBe(true);
  });
});
