// What a guest does on the page, in words both driven suites implement (e2e-firefox/steps.ts with
// Puppeteer, e2e-webkit/steps.ts with WebdriverIO): a journey written with them runs in Firefox
// and WebKit alike, one copy for both. Each step waits as a guest would (up to STEP_TIMEOUT).
export interface GuestSteps {
  baseUrl: string;
  /** Opens the profile, presses the action button and gets through the guest details step. */
  startFlow(profileId: string, action: string, guest: string): Promise<void>;
  /** Waits for the text box with this label. */
  seeTextbox(label: string): Promise<void>;
  fillTextbox(label: string, value: string): Promise<void>;
  pressButton(name: string): Promise<void>;
  /** Waits until the button with this name can be pressed. */
  expectEnabled(button: string): Promise<void>;
  /** Waits until the page shows exactly one alert, reading `text`. */
  expectOnlyAlert(text: string): Promise<void>;
  /** Waits until one of the page's alerts reads `text`. */
  expectAlert(text: string): Promise<void>;
  /** Presses a button of the dialog with this name (a wallet's sheet). */
  pressInDialog(dialog: string, button: string): Promise<void>;
  expectUrl(pattern: RegExp): Promise<void>;
  passCaptcha(): Promise<void>;
  /** Types a card into the Payment Element (a valid future expiry, security code and ZIP). */
  fillCard(number: string): Promise<void>;
  expectAccessible(): Promise<void>;
  screenshot(name: string): Promise<void>;
}

/** The card option of a tip, as its button reads. */
export const CARD_OPTION_NAME = 'Tip via Debit/Credit Card 3.0%+$0.50';
