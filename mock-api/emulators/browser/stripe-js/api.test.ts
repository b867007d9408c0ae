import { formEncode } from './api';

it('form-encodes as Stripe does: nested objects in brackets, values escaped', () => {
  expect(
    formEncode({
      key: 'pk_test_1',
      type: 'card',
      card: { number: '4242', exp_month: '12' },
      billing_details: { name: 'Ava & Co', address: { country: 'US', line2: null } },
      payment_method_types: ['card'],
      skipped: undefined,
      amount: 2000,
    }),
  ).toEqual([
    'key=pk_test_1',
    'type=card',
    'card%5Bnumber%5D=4242',
    'card%5Bexp_month%5D=12',
    'billing_details%5Bname%5D=Ava%20%26%20Co',
    'billing_details%5Baddress%5D%5Bcountry%5D=US',
    'payment_method_types%5B0%5D=card',
    'amount=2000',
  ]);
  expect(formEncode({})).toEqual([]);
});
