import { REVIEW_FORM_FIELDS, type ReviewFormValues, reviewFormFields } from './reviewForm';

const values: ReviewFormValues = {
  gratitudeType: 'REVIEW',
  icon: 'RECOGNITION',
  title: 'Jamie Guest recognized Ava',
  sayThanks: '  Thank you!  ',
  guestName: ' Jamie Guest ',
  email: ' jamie@example.com ',
  profileId: 'ava-martinez',
  userId: 'guest-1',
  isNonProfit: false,
};

describe('the review form', () => {
  it('has the spec’s 14 fields, in the order the app sends them', () => {
    const spec =
      'gratitudeType icon title sayThanks accountType guestName email latitude longitude';
    expect(REVIEW_FORM_FIELDS).toEqual(
      `${spec} getThanksUserId userId ngoId isRecurring isDonate`.split(' '),
    );
  });

  it('writes a guest’s review with the text trimmed and no non-profit', () => {
    expect(reviewFormFields(values)).toEqual({
      gratitudeType: 'REVIEW',
      icon: 'RECOGNITION',
      title: 'Jamie Guest recognized Ava',
      sayThanks: 'Thank you!',
      accountType: 'Guest',
      guestName: 'Jamie Guest',
      email: 'jamie@example.com',
      latitude: '0',
      longitude: '0',
      getThanksUserId: 'ava-martinez',
      userId: 'guest-1',
      ngoId: '',
      isRecurring: 'false',
      isDonate: 'false',
    });
  });

  it('names the non-profit, and calls a BOTH form to it a donation', () => {
    const nonProfit = { ...values, profileId: 'green-earth-fund', isNonProfit: true };
    expect(reviewFormFields(nonProfit)).toMatchObject({
      ngoId: 'green-earth-fund',
      isDonate: 'false',
    });
    expect(reviewFormFields({ ...nonProfit, gratitudeType: 'BOTH' })).toMatchObject({
      ngoId: 'green-earth-fund',
      isDonate: 'true',
    });
    expect(reviewFormFields({ ...values, gratitudeType: 'BOTH' })).toMatchObject({
      ngoId: '',
      isDonate: 'false',
    });
  });
});
