// The Express Checkout Element: a button per wallet the emulated browser offers, its click /
// confirm / cancel events, and the wallet's sheet.
import { el } from '../dom';
import { BaseElement } from './baseElement';
import { integrationError, MESSAGES } from './integrationErrors';
import type { ElementGroup, Wallet, WalletSheet } from './types';
import { walletsFor, type WalletKey } from './walletPlatform';
import { openWalletSheet, type SheetOptions } from './walletSheet';
import {
  availablePaymentMethods,
  availableWallets,
  buttonText,
  paymentMethodsChange,
} from './wallets';

/** Stripe: the click handler must call resolve() within 1 second. */
const CLICK_RESOLVE_MS = 1000;

interface ExpressCheckoutOptions extends SheetOptions {
  paymentMethods?: Partial<Record<string, unknown>>;
  buttonType?: Partial<Record<string, unknown>>;
  buttonTheme?: Partial<Record<string, unknown>>;
  buttonHeight?: number;
  [option: string]: unknown;
}

// The options Stripe lets update() change (StripeExpressCheckoutElementUpdateOptions); the
// others (buttonType, buttonTheme, paymentMethods, ...) are fixed at create() and ignored here.
const UPDATABLE = [
  'allowedShippingCountries',
  'billingAddressRequired',
  'buttonHeight',
  'emailRequired',
  'layout',
  'paymentMethodOrder',
  'phoneNumberRequired',
  'shippingAddressRequired',
];

export class ExpressCheckoutElement extends BaseElement<ExpressCheckoutOptions> {
  /** The wallets this browser has (its platform's, or the tester's scenario's), once known. */
  private browserWallets: WalletKey[] | null = null;
  /** The wallets whose buttons show. */
  private offered: Wallet[] = [];
  private sheet: WalletSheet | null = null;

  constructor(group: ElementGroup, options: unknown) {
    super(group, 'expressCheckout', options);
  }

  protected render(): HTMLElement {
    return el('div', 'stripe-emulator-express');
  }

  protected mounted(): void {
    void this.group._api.walletChoice().then((choice) => {
      if (!this.host) return;
      this.browserWallets = walletsFor(choice, navigator.userAgent);
      this.offered = this.available();
      this.renderButtons();
      this.emit('ready', {
        elementType: 'expressCheckout',
        availablePaymentMethods: availablePaymentMethods(this.offered),
      });
    });
  }

  private available(): Wallet[] {
    const types = this.group._options.paymentMethodTypes;
    return availableWallets(this.browserWallets, types, this.options.paymentMethods || {});
  }

  private renderButtons(): void {
    const root = this.root;
    if (!root) return;
    root.textContent = '';
    const types = this.options.buttonType || {};
    const themes = this.options.buttonTheme || {};
    const height = this.options.buttonHeight;
    for (const wallet of this.offered) {
      const node = el(
        'button',
        `stripe-emulator-express__button stripe-emulator-express__button--${themes[wallet.key] || 'black'}`,
        buttonText(wallet, types[wallet.key]),
      );
      node.type = 'button';
      // Stripe's buttons are named for the wallet, whatever their buttonType says.
      node.setAttribute('aria-label', wallet.name);
      if (height) node.style.minHeight = `${height}px`;
      node.addEventListener('click', () => this.click(wallet));
      root.appendChild(node);
    }
  }

  /** After elements.update(): buttons come or go, with Stripe's availablepaymentmethodschange. */
  _groupUpdated(): void {
    if (!this.host || this.browserWallets === null) return;
    const before = this.offered;
    const after = this.available();
    if (before.length === after.length && before.every((wallet, i) => wallet === after[i])) return;
    this.offered = after;
    this.renderButtons();
    this.emit('availablepaymentmethodschange', {
      elementType: 'expressCheckout',
      paymentMethods: paymentMethodsChange(after),
    });
  }

  update(options: unknown): this {
    const changes = (options || {}) as ExpressCheckoutOptions;
    for (const name of UPDATABLE) if (name in changes) this.options[name] = changes[name];
    this.renderButtons();
    return this;
  }

  override unmount(): void {
    this.sheet?.close();
    super.unmount();
  }

  /**
   * A wallet button: with a 'click' listener, the sheet opens only once it calls resolve(),
   * within Stripe's 1 second (later, Stripe.js warns and the sheet never opens); reject()
   * keeps it closed. Without a listener the sheet opens at once.
   */
  private click(wallet: Wallet): void {
    if (this.sheet || this.group._express) return;
    if (!this.listens('click')) {
      this.openSheet(wallet, {});
      return;
    }
    let settled = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      timedOut = true;
      console.warn(`[Stripe.js] ${MESSAGES.clickTimeout}`);
    }, CLICK_RESOLVE_MS);
    this.emit('click', {
      elementType: 'expressCheckout',
      expressPaymentType: wallet.type,
      resolve: (details?: SheetOptions) => {
        if (timedOut) throw integrationError(MESSAGES.clickTimeout);
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (this.host) this.openSheet(wallet, details || {});
      },
      reject: () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
      },
    });
  }

  private openSheet(wallet: Wallet, details: SheetOptions): void {
    this.sheet = openWalletSheet({
      wallet,
      group: this.group,
      options: { ...this.options, ...details },
      emit: (event, payload) => this.emit(event, payload),
      onClosed: () => {
        this.sheet = null;
      },
    });
  }
}
