// What the Payment Element holds: the card as typed (digits only), and how typing changes it.
import { brandOf, cvcLength, formatExpiry, numberLength } from './card';
import { countryOf } from './countries';
import type { Address, BillingDetails } from './types';

export interface CardState {
  number: string;
  /** MMYY. */
  expiry: string;
  cvc: string;
  country: string;
  zip: string;
}

export type CardField = keyof CardState;

export const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc', 'country', 'zip'];

/** An empty card in the country (and postal code) of the app's default billing address. */
export function emptyCard(address: Address | undefined): CardState {
  return {
    number: '',
    expiry: '',
    cvc: '',
    country: countryOf(address?.country).code,
    zip: postalCode(address?.postal_code),
  };
}

/** A default postal code as the ZIP input takes it; '' for none. */
export function postalCode(value: unknown): string {
  return value ? String(value).slice(0, 10) : '';
}

/** The card after the guest typed `value` into `field`: what each input accepts of it. */
export function typed(state: CardState, field: CardField, value: string): CardState {
  const digits = value.replace(/\D/g, '');
  switch (field) {
    case 'number':
      return { ...state, number: digits.slice(0, numberLength(brandOf(digits))) };
    case 'expiry':
      return { ...state, expiry: formatExpiry(digits).replace(/\D/g, '').slice(0, 4) };
    case 'cvc':
      return { ...state, cvc: digits.slice(0, cvcLength(brandOf(state.number))) };
    case 'country':
      return { ...state, country: value };
    case 'zip':
      return { ...state, zip: value.replace(/[^0-9A-Za-z -]/g, '').slice(0, 10) };
  }
}

export function isEmpty(state: CardState): boolean {
  return !state.number && !state.expiry && !state.cvc && !state.zip;
}

/** A card PaymentMethod, as POST /v1/payment_methods takes it. */
export interface PaymentMethodParams {
  type: 'card';
  card: { number: string; exp_month: string; exp_year: string; cvc: string };
  billing_details: BillingDetails;
}

/** The Payment Element's card as a PaymentMethod (the postal code where the country has one). */
export function cardPaymentMethod(state: CardState): PaymentMethodParams {
  const address: Address = { country: state.country };
  if (countryOf(state.country).postal) address.postal_code = state.zip;
  return {
    type: 'card',
    card: {
      number: state.number,
      exp_month: state.expiry.slice(0, 2),
      exp_year: state.expiry.slice(2, 4),
      cvc: state.cvc,
    },
    billing_details: { address },
  };
}

/** The details the app passes complete what Elements collected; Elements' own win. */
export function withPassedDetails(
  collected: BillingDetails,
  passed: BillingDetails | undefined,
): BillingDetails {
  if (!passed) return collected;
  return { ...passed, ...collected, address: { ...passed.address, ...collected.address } };
}
