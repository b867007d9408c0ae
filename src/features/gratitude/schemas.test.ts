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

describe('emptyMessage', () => {
  it("writes the spec's '{label} is not allowed to be empty'", () => {
    expect(emptyMessage('Full Name')).toBe('Full Name is not allowed to be empty');
  });
});

describe('guestDetailsSchema', () => {
  it('accepts a name and an email', async () => {
    expect(await errorsOf(guestDetailsSchema, guest('Jo Doe'))).toEqual({});
  });

  it('says which fields are empty', async () => {
    expect(await errorsOf(guestDetailsSchema, { fullName: '', email: '' })).toEqual({
      fullName: ['Full Name is not allowed to be empty'],
      email: ['Email is not allowed to be empty'],
    });
    expect(await errorsOf(guestDetailsSchema, {})).toEqual({
      fullName: ['Full Name is not allowed to be empty'],
      email: ['Email is not allowed to be empty'],
    });
  });

  it('counts a name or email of spaces as empty', async () => {
    expect(await errorsOf(guestDetailsSchema, { fullName: '  \t ', email: '   ' })).toEqual({
      fullName: ['Full Name is not allowed to be empty'],
      email: ['Email is not allowed to be empty'],
    });
  });

  it('accepts 1 and 30 characters, refuses 31', async () => {
    expect(await errorsOf(guestDetailsSchema, guest('J'))).toEqual({});
    expect(await errorsOf(guestDetailsSchema, guest('x'.repeat(30)))).toEqual({});
    expect(await errorsOf(guestDetailsSchema, guest('x'.repeat(31)))).toEqual({
      fullName: ['Full Name must be at most 30 characters'],
    });
  });

  it('counts characters as a person does: emoji, flags and accented letters are one each', async () => {
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}\u200d\u{1F466}';
    expect(await errorsOf(guestDetailsSchema, guest('\u{1F600}'.repeat(30)))).toEqual({});
    expect(await errorsOf(guestDetailsSchema, guest(`${'x'.repeat(29)}${family}`))).toEqual({});
    expect(await errorsOf(guestDetailsSchema, guest('\u{1F1EB}\u{1F1F7}'.repeat(30)))).toEqual({});
    expect(await errorsOf(guestDetailsSchema, guest('\u{1F600}'.repeat(31)))).toEqual({
      fullName: ['Full Name must be at most 30 characters'],
    });
  });

  it('measures the name after trimming it', async () => {
    expect(await errorsOf(guestDetailsSchema, guest(`   ${'x'.repeat(30)}   `))).toEqual({});
    expect(guestDetailsSchema.cast(guest('  Jo Doe  ', ' jo@example.com '))).toEqual({
      fullName: 'Jo Doe',
      email: 'jo@example.com',
    });
  });

  const CHARACTERS_MESSAGE = "Full Name can't contain control or text-direction characters";

  it.each([
    ['the issue’s name', '\u202eevil\u0000nul'],
    ['a NUL', '\u0000'],
    ['a lone right-to-left override', '\u202e'],
    ['an isolate inside', 'a\u2066b'],
    ['a bell', '\u0007bell'],
    ['a newline inside', 'Jo\nDoe'],
    ['a right-to-left mark', 'Jo Doe\u200f'],
  ])('refuses %s with the characters message', async (_what, fullName) => {
    expect(await errorsOf(guestDetailsSchema, guest(fullName))).toEqual({
      fullName: [CHARACTERS_MESSAGE],
    });
  });

  it('refuses half a surrogate pair, and counts a name of invisible characters as empty', async () => {
    expect(await errorsOf(guestDetailsSchema, guest('Jo\ud800'))).toEqual({
      fullName: ['Full Name must be valid Unicode text'],
    });
    expect(await errorsOf(guestDetailsSchema, guest(' \u200b\u200d '))).toEqual({
      fullName: ['Full Name is not allowed to be empty'],
    });
  });

  it.each([
    ['Arabic', 'محمد عبد الله'],
    ['Hebrew', 'שלום כהן'],
    ['an emoji ZWJ sequence', 'Sam \u{1F469}\u200d\u{1F469}\u200d\u{1F467}'],
    ['a zero-width non-joiner', 'می\u200cخواهم'],
  ])('accepts %s', async (_what, fullName) => {
    expect(await errorsOf(guestDetailsSchema, guest(fullName))).toEqual({});
    expect(guestDetailsSchema.cast(guest(fullName)).fullName).toBe(fullName);
  });

  it('casts the name to NFC and measures it after', async () => {
    const nfd = 'Jose\u0301 Nu\u0301n\u0303ez';
    expect(guestDetailsSchema.cast(guest(` ${nfd} `)).fullName).toBe('José Núñez');
    // 30 accented letters typed decomposed are 60 code units, 30 once composed.
    const long = 'e\u0301'.repeat(30);
    expect(await errorsOf(guestDetailsSchema, guest(long))).toEqual({});
    expect(guestDetailsSchema.cast(guest(long)).fullName).toBe('\u00e9'.repeat(30));
  });

  it('never lets a name with a control or text-direction character through', async () => {
    const bad = fc
      .constantFrom(0x0000, 0x0009, 0x001f, 0x007f, 0x0085, 0x061c, 0x200e, 0x2028, 0x202e, 0x2069)
      .map((codePoint) => String.fromCodePoint(codePoint));
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 10 }), bad, (start, char) => {
        const fullName = `J${start}${char}o`;
        return errorsOf(guestDetailsSchema, guest(fullName)).then((errors) => {
          expect(errors).toEqual({ fullName: [CHARACTERS_MESSAGE] });
        });
      }),
    );
  });

  it.each(['jo@example.com', 'jo@agency.travel', 'jo@studio.photography', 'j.o+1@mail.co.uk'])(
    'accepts the email %j',
    async (email) => {
      expect(await errorsOf(guestDetailsSchema, guest('Jo', email))).toEqual({});
    },
  );

  it.each(['jo', 'jo@', 'jo@example', 'jo@example.c', 'jo@@example.com', 'j o@example.com'])(
    'refuses the email %j',
    async (email) => {
      expect(await errorsOf(guestDetailsSchema, guest('Jo', email))).toEqual({
        email: ['Please enter a valid email'],
      });
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
        expect(await errorsOf(guestDetailsSchema, guest(fullName))).toEqual({});
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
        expect(await errorsOf(guestDetailsSchema, guest(fullName))).toEqual({
          fullName: ['Full Name must be at most 30 characters'],
        });
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

  it('accepts text alone, media alone, or both', async () => {
    expect(await errorsOf(reviewSchema, review('Thank you!'))).toEqual({});
    expect(await errorsOf(reviewSchema, review('', [image]))).toEqual({});
    expect(await errorsOf(reviewSchema, review('Thanks', [image]))).toEqual({});
  });

  it('needs text or media', async () => {
    const expected = { sayThanks: [MESSAGE_TEXT_OR_MEDIA_REQUIRED] };
    expect(MESSAGE_TEXT_OR_MEDIA_REQUIRED).toBe('Either "Say Thanks" or "Post" must be provided.');
    expect(await errorsOf(reviewSchema, review(''))).toEqual(expected);
    expect(await errorsOf(reviewSchema, review('  \n\t '))).toEqual(expected);
    expect(await errorsOf(reviewSchema, { icon: 'GRATITUDE' })).toEqual(expected);
  });

  it('accepts 250 characters of thanks, refuses 251, after trimming', async () => {
    expect(await errorsOf(reviewSchema, review('x'.repeat(250)))).toEqual({});
    expect(await errorsOf(reviewSchema, review(` ${'x'.repeat(250)}\n`))).toEqual({});
    expect(await errorsOf(reviewSchema, review('x'.repeat(251)))).toEqual({
      sayThanks: ['Say thanks must be at most 250 characters'],
    });
  });

  it('counts 125 emoji as 125 characters, and refuses 251 emoji', async () => {
    expect(await errorsOf(reviewSchema, review('\u{1F600}'.repeat(125)))).toEqual({});
    expect(await errorsOf(reviewSchema, review('\u{1F600}'.repeat(250)))).toEqual({});
    expect(
      await errorsOf(reviewSchema, review(`${'  '.repeat(20)}${'e\u0301'.repeat(250)}`)),
    ).toEqual({});
    expect(await errorsOf(reviewSchema, review('\u{1F600}'.repeat(251)))).toEqual({
      sayThanks: ['Say thanks must be at most 250 characters'],
    });
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
    expect(hasTextOrMedia({ sayThanks: ' ', media: [] })).toBe(false);
    expect(hasTextOrMedia({ sayThanks: ' a ', media: [] })).toBe(true);
    expect(
      hasTextOrMedia({
        sayThanks: '',
        media: [{ kind: 'video', file: { name: 'v', type: 'video/mp4', size: 1 } }],
      }),
    ).toBe(true);
  });
});
