// The Payment Element, cards only: Stripe's inputs and checks, its events and classes.
import { BaseElement } from './baseElement';
import {
  CARD_FIELDS,
  emptyCard,
  isEmpty,
  postalCode,
  typed,
  type CardField,
  type CardState,
} from './cardState';
import { brandOf, formatExpiry, formatNumber } from './card';
import { countryOf } from './countries';
import { renderCardFields, type CardFields } from './paymentFields';
import { nextUid } from './styles';
import type { Address, ElementGroup } from './types';
import { FIELD_OF_CODE, validate, type ValidationError } from './validation';

interface PaymentElementOptions {
  defaultValues?: { billingDetails?: { address?: Address } };
  readOnly?: boolean;
  [option: string]: unknown;
}

// The options Stripe lets update() change (StripePaymentElementUpdateOptions); the emulator
// acts on readOnly and defaultValues' address and keeps the rest.
const UPDATABLE = [
  'defaultValues',
  'business',
  'paymentMethodOrder',
  'fields',
  'readOnly',
  'terms',
  'applePay',
  'walletOptions',
  'layout',
];

export class PaymentElement extends BaseElement<PaymentElementOptions> {
  _state: CardState;
  private fields: CardFields | null = null;
  /** The error elements.submit() found, shown at its input until the guest types again. */
  private submitError: ValidationError | undefined = undefined;

  constructor(group: ElementGroup, options: unknown) {
    super(group, 'payment', options);
    this._state = emptyCard(this.options.defaultValues?.billingDetails?.address);
  }

  protected render(): HTMLElement {
    this.fields = renderCardFields(nextUid());
    for (const name of CARD_FIELDS) {
      const input = this.fields.inputs[name];
      input.addEventListener(name === 'country' ? 'change' : 'input', () =>
        this.onInput(name, input.value),
      );
    }
    this.writeInputs();
    return this.fields.root;
  }

  protected mounted(): void {
    this._sync();
    setTimeout(() => {
      if (!this.host) return;
      const types = this.group._options.paymentMethodTypes;
      if (types && !types.includes('card')) {
        this.emit('loaderror', {
          elementType: 'payment',
          error: {
            type: 'invalid_request_error',
            message:
              "The Stripe.js emulator's Payment Element shows cards only: paymentMethodTypes " +
              "must include 'card'.",
          },
        });
        return;
      }
      this.emit('ready', { elementType: 'payment' });
    }, 0);
  }

  private onInput(name: CardField, value: string): void {
    this._state = typed(this._state, name, value);
    this.submitError = undefined;
    this.writeInputs();
    this.changed();
  }

  /** The inputs show the card as Stripe formats it; the ZIP code only where the country has one. */
  private writeInputs(): void {
    if (!this.fields) return;
    const { inputs, zipField, zipLabel } = this.fields;
    const state = this._state;
    inputs.number.value = formatNumber(state.number, brandOf(state.number));
    inputs.expiry.value = formatExpiry(state.expiry);
    inputs.cvc.value = state.cvc;
    inputs.country.value = state.country;
    inputs.zip.value = state.zip;
    const country = countryOf(state.country);
    zipField.hidden = !country.postal;
    if (country.postal) {
      zipLabel.textContent = country.postal;
      inputs.zip.setAttribute('inputmode', country.numeric ? 'numeric' : 'text');
      inputs.zip.setAttribute('placeholder', country.numeric ? '12345' : '');
    }
    const readOnly = !!this.options.readOnly;
    for (const name of CARD_FIELDS) inputs[name].disabled = readOnly;
  }

  /** Classes on the host as Stripe sets them; each input's error under it, as Stripe shows it. */
  _sync(): void {
    if (!this.host || !this.fields) return;
    const shown = this.submitError || validate(this._state, false);
    const list = this.host.classList;
    list.toggle('StripeElement--empty', isEmpty(this._state));
    list.toggle('StripeElement--complete', !validate(this._state, true));
    list.toggle('StripeElement--invalid', !!shown);
    const field = shown && FIELD_OF_CODE[shown.code];
    for (const name of CARD_FIELDS) {
      this.fields.inputs[name].setAttribute('aria-invalid', name === field ? 'true' : 'false');
      this.fields.errors[name].textContent = shown && name === field ? shown.message : '';
    }
  }

  private changed(): void {
    this._sync();
    this.emit('change', {
      elementType: 'payment',
      empty: isEmpty(this._state),
      complete: !validate(this._state, true),
      collapsed: false,
      value: { type: 'card' },
    });
  }

  clear(): void {
    this._state = { ...this._state, number: '', expiry: '', cvc: '', zip: '' };
    this.submitError = undefined;
    this.writeInputs();
    this.changed();
  }

  /** A cards-only Payment Element has no tabs to collapse into. */
  collapse(): this {
    return this;
  }

  update(options: unknown): this {
    const changes = (options || {}) as PaymentElementOptions;
    for (const name of UPDATABLE) if (name in changes) this.options[name] = changes[name];
    const address = changes.defaultValues?.billingDetails?.address;
    if (address?.country) this._state.country = countryOf(address.country).code;
    if (address?.postal_code) this._state.zip = postalCode(address.postal_code);
    this.writeInputs();
    this._sync();
    return this;
  }

  /** elements.submit() for the card: Stripe's validation error (shown at its input), or none. */
  _submit(): ValidationError | undefined {
    this.submitError = validate(this._state, true);
    this._sync();
    const field = this.submitError && FIELD_OF_CODE[this.submitError.code];
    if (field) this.fields?.inputs[field].focus();
    return this.submitError;
  }
}
