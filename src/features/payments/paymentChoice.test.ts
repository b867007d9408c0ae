import fc from 'fast-check';
import { AMOUNT_MESSAGES } from './amountInput';
import { amountCentsOf, checkChoice, type ChoiceFacts } from './paymentChoice';

/** A press that passes every check unless a test says otherwise. */
const facts = (overrides: Partial<ChoiceFacts> = {}): ChoiceFacts => ({
  amount: '10',
  combined: false,
  option: 'card',
  occupied: () => false,
  mayObtain: () => true,
  ...overrides,
});

describe('amountCentsOf', () => {
  it.each([
    ['10', 1000],
    ['0', 0],
    ['970873', 97_087_300],
    ['007', 700],
  ])('reads %j as %d cents', (amount, cents) => {
    expect(amountCentsOf(amount)).toBe(cents);
  });

  it('reads no amount past the most a guest can give (its total no card could carry)', () => {
    expect(amountCentsOf('970874')).toBeNull();
    expect(amountCentsOf('999999')).toBeNull();
  });

  it.each(['', '1.5', '1e3', '-1', ' 1', '1000000'])('has no amount for %j', (amount) => {
    expect(amountCentsOf(amount)).toBeNull();
  });
});

describe('checkChoice', () => {
  it('goes on with the amount in cents when every check passes', () => {
    expect(checkChoice(facts({ amount: '15' }))).toEqual({ outcome: 'proceed', amountCents: 1500 });
  });

  it.each([
    ['', 'card', false, AMOUNT_MESSAGES.missing],
    ['', 'wallet', false, AMOUNT_MESSAGES.notPositive],
    ['0', 'card', false, AMOUNT_MESSAGES.notPositive],
    ['0', 'wallet', true, AMOUNT_MESSAGES.notPositive],
    ['1.5', 'card', false, AMOUNT_MESSAGES.invalid],
    ['1234567', 'wallet', false, AMOUNT_MESSAGES.invalid],
  ] as const)('refuses %j by %s (combined %s): %s', (amount, option, combined, message) => {
    expect(checkChoice(facts({ amount, option, combined }))).toEqual({
      outcome: 'refuse',
      message,
    });
  });

  it("says the page's precondition, asked only once the amount is good", () => {
    const precondition = jest.fn(() => 'Write something first');
    expect(checkChoice(facts({ amount: '', precondition }))).toEqual({
      outcome: 'refuse',
      message: AMOUNT_MESSAGES.missing,
    });
    expect(precondition).not.toHaveBeenCalled();
    expect(checkChoice(facts({ precondition }))).toEqual({
      outcome: 'refuse',
      message: 'Write something first',
    });
  });

  it('goes on when the precondition has nothing to say', () => {
    expect(checkChoice(facts({ precondition: () => null }))).toEqual({
      outcome: 'proceed',
      amountCents: 1000,
    });
  });

  it('ignores a press while something is under way, without asking the captcha', () => {
    const mayObtain = jest.fn(() => false);
    expect(checkChoice(facts({ occupied: () => true, mayObtain }))).toEqual({ outcome: 'ignore' });
    expect(mayObtain).not.toHaveBeenCalled();
  });

  it('says the precondition before ignoring a press while something is under way', () => {
    expect(checkChoice(facts({ precondition: () => 'No', occupied: () => true }))).toEqual({
      outcome: 'refuse',
      message: 'No',
    });
  });

  it('asks for the captcha again when no intent can be had, asking for the amount', () => {
    const mayObtain = jest.fn(() => false);
    expect(checkChoice(facts({ amount: '20', mayObtain }))).toEqual({ outcome: 'askCaptcha' });
    expect(mayObtain).toHaveBeenCalledWith(2000);
  });

  it('goes on only with an amount of at least $1 that the field takes', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.boolean(),
        fc.constantFrom('card' as const, 'wallet' as const),
        (amount, combined, option) => {
          const result = checkChoice(facts({ amount, combined, option }));
          if (result.outcome !== 'proceed') return;
          expect(/^[0-9]{1,6}$/.test(amount)).toBe(true);
          expect(result.amountCents).toBe(Number(amount) * 100);
          expect(result.amountCents).toBeGreaterThanOrEqual(100);
        },
      ),
    );
  });
});
