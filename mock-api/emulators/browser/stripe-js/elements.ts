// The Elements group of a deferred intent (stripe.elements({ mode: 'payment', amount, currency })):
// at most one Element of each type, update(), submit(), getElement(), fetchUpdates().
import { Emitter } from './emitter';
import { ExpressCheckoutElement } from './expressCheckoutElement';
import { checkAmountAndCurrency } from './groupOptions';
import { integrationError, MESSAGES } from './integrationErrors';
import { PaymentElement } from './paymentElement';
import type { ElementGroup, ElementType, ExpressPayment, GroupOptions } from './types';
import type { ValidationError } from './validation';

type AnyElement = PaymentElement | ExpressCheckoutElement;

export type SubmitResult = { selectedPaymentMethod?: string; error?: ValidationError };

export class Elements extends Emitter implements ElementGroup {
  _options: GroupOptions;
  /** By type: at most one of each, as Stripe allows. */
  _elements: { payment?: PaymentElement; expressCheckout?: ExpressCheckoutElement } = {};
  /** elements.submit() succeeded since the last confirmPayment. */
  _submitted = false;
  _express: ExpressPayment | null = null;

  constructor(
    readonly _api: ElementGroup['_api'],
    options: unknown,
  ) {
    super();
    const copy = { ...(options || {}) } as GroupOptions;
    if (copy.clientSecret) throw integrationError(MESSAGES.deferredOnly);
    if (copy.mode === 'payment') checkAmountAndCurrency(copy, 'elements()', false);
    this._options = copy;
  }

  create(type: unknown, options?: unknown): AnyElement {
    if (type !== 'payment' && type !== 'expressCheckout')
      throw integrationError(MESSAGES.unsupportedElement(type));
    if (!this._options.mode) throw integrationError(MESSAGES.modeRequired(type));
    if (this._elements[type]) throw integrationError(MESSAGES.oneOfType(type));
    if (type === 'payment') return (this._elements.payment = new PaymentElement(this, options));
    return (this._elements.expressCheckout = new ExpressCheckoutElement(this, options));
  }

  getElement(type: unknown): AnyElement | null {
    if (type !== 'payment' && type !== 'expressCheckout') return null;
    return this._elements[type] || null;
  }

  _forget(element: { readonly _type: ElementType }): void {
    if (this._elements[element._type] === element) delete this._elements[element._type];
  }

  /** The Payment Element, when it is mounted. */
  _mountedPayment(): PaymentElement | null {
    const payment = this._elements.payment;
    return payment && payment._isMounted() ? payment : null;
  }

  /** Shallow-merges the options (the wallet sheet shows the new amount); resolves when done. */
  update(options?: unknown): Promise<void> {
    const changes = (options || {}) as GroupOptions;
    const merged = { ...this._options, ...changes };
    if (merged.mode === 'payment') checkAmountAndCurrency(changes, 'elements.update()', true);
    this._options = merged;
    this._elements.expressCheckout?._groupUpdated();
    this._mountedPayment()?._sync();
    return Promise.resolve().then(() => this.emit('update-end'));
  }

  /** A deferred-intent group has no intent to fetch from. */
  fetchUpdates(): Promise<object> {
    return Promise.resolve({});
  }

  /**
   * Stripe's first step on pay: validates what will pay (inside an Express Checkout 'confirm',
   * the wallet, already complete; else the mounted Payment Element) and records that it did,
   * which stripe.confirmPayment requires.
   */
  submit(): Promise<SubmitResult> {
    return Promise.resolve().then(() => {
      if (this._express) {
        this._submitted = true;
        return { selectedPaymentMethod: this._express.wallet.type };
      }
      const payment = this._mountedPayment();
      if (!payment) return {};
      const error = payment._submit();
      if (error) return { error };
      this._submitted = true;
      return { selectedPaymentMethod: 'card' };
    });
  }
}
