// What a guest does on the page, in words both driven suites implement (e2e-firefox/steps.ts with
// Puppeteer, e2e-webkit/steps.ts with WebdriverIO): a journey written with them runs in Firefox
// and WebKit alike, one copy for both. Each step waits as a guest would (up to STEP_TIMEOUT).
import assert from 'node:assert/strict';
import type { ScenarioName } from '../../mock-api/sharedDemo/scenarios';

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
  /** Waits until the button with this name is shown and cannot be pressed. */
  expectDisabled(button: string): Promise<void>;
  /**
   * Waits until one of the page's status messages (role=status) reads `text`, watched from inside
   * the page: one shown for a moment only is seen too.
   */
  expectStatus(text: string): Promise<void>;
  /** Waits for the dialog with this name. */
  expectDialog(name: string): Promise<void>;
  /** Reloads the page as the browser's reload button does, and waits until it has loaded. */
  reload(): Promise<void>;
  /**
   * Picks a testers' fault scenario (mock-api/sharedDemo/scenarios.ts) for this browser, asked
   * from the open page with the guest token: the tester cookie its answer sets comes with the
   * page's later calls (the browser is the tester). Checks that it took.
   */
  chooseScenario(name: ScenarioName, delayMs?: number): Promise<void>;
  passCaptcha(): Promise<void>;
  /** Types a card into the Payment Element (a valid future expiry, security code and ZIP). */
  fillCard(number: string): Promise<void>;
  expectAccessible(): Promise<void>;
  screenshot(name: string): Promise<void>;
}

/** The card option of a tip, as its button reads. */
export const CARD_OPTION_NAME = 'Tip via Debit/Credit Card 3.0%+$0.50';

/**
 * How long one look from inside the page watches the statuses (expectStatus repeats it up to
 * STEP_TIMEOUT: a navigation ends a look early).
 */
export const STATUS_WATCH_MS = 10_000;

/** Checks the answer of chooseScenarioInPage (./inPage.ts): the scenario is the tester's now. */
export function assertScenarioChosen(name: ScenarioName, [status, body]: [number, string]): void {
  assert.equal(status, 200, body);
  const state = JSON.parse(body) as { data: { active: string | null } };
  assert.equal(state.data.active, name, body);
}
