// The Payment Element's inputs, with Stripe's labels: Card number, Expiration date, Security code,
// Country, and ZIP code (or Postal code) where the country has one.
import { el } from '../dom';
import type { CardField } from './cardState';
import { COUNTRIES, type Country } from './countries';

export interface CardFields {
  root: HTMLElement;
  inputs: Record<CardField, HTMLInputElement | HTMLSelectElement>;
  /** Under each input, its error (the input's accessible description). */
  errors: Record<CardField, HTMLElement>;
  zipField: HTMLElement;
  zipLabel: HTMLElement;
}

/** The inputs, their ids numbered `uid`. */
export function renderCardFields(uid: number): CardFields {
  const root = el('div', 'stripe-emulator-payment');
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', 'Card');
  const number = textInput({
    inputmode: 'numeric',
    autocomplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
    maxlength: '19',
  });
  const expiry = textInput({
    inputmode: 'numeric',
    autocomplete: 'cc-exp',
    placeholder: 'MM / YY',
    maxlength: '7',
  });
  const cvc = textInput({
    inputmode: 'numeric',
    autocomplete: 'cc-csc',
    placeholder: 'CVC',
    maxlength: '4',
  });
  const country = countrySelect(COUNTRIES);
  const zip = textInput({ autocomplete: 'postal-code', maxlength: '10' });
  const inputs = { number, expiry, cvc, country, zip };
  const fields = {
    number: field(uid, 'number', 'Card number', number),
    expiry: field(uid, 'expiry', 'Expiration date', expiry),
    cvc: field(uid, 'cvc', 'Security code', cvc),
    country: field(uid, 'country', 'Country', country),
    zip: field(uid, 'zip', 'ZIP code', zip),
  };
  for (const { node } of Object.values(fields)) root.appendChild(node);
  return {
    root,
    inputs,
    errors: {
      number: fields.number.error,
      expiry: fields.expiry.error,
      cvc: fields.cvc.error,
      country: fields.country.error,
      zip: fields.zip.error,
    },
    zipField: fields.zip.node,
    zipLabel: fields.zip.label,
  };
}

/** A labelled input with its error under it. */
function field(uid: number, name: CardField, label: string, control: HTMLElement) {
  const id = `stripe-emulator-${name}-${uid}`;
  const node = el('div', `stripe-emulator-payment__field stripe-emulator-payment__field--${name}`);
  const labelNode = el('label', 'stripe-emulator-payment__label', label);
  labelNode.htmlFor = id;
  const error = el('p', 'stripe-emulator-payment__error');
  error.id = `${id}-error`;
  control.id = id;
  control.setAttribute('aria-describedby', error.id);
  node.appendChild(labelNode);
  node.appendChild(control);
  node.appendChild(error);
  return { node, label: labelNode, error };
}

function textInput(attributes: Record<string, string>): HTMLInputElement {
  const input = el('input', 'stripe-emulator-payment__input');
  input.type = 'text';
  input.spellcheck = false;
  for (const [name, value] of Object.entries(attributes)) input.setAttribute(name, value);
  return input;
}

function countrySelect(countries: readonly Country[]): HTMLSelectElement {
  const select = el('select', 'stripe-emulator-payment__input');
  select.setAttribute('autocomplete', 'country');
  for (const country of countries) {
    const option = el('option', '', country.name);
    option.value = country.code;
    select.appendChild(option);
  }
  return select;
}
