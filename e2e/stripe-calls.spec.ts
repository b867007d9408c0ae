// Which Stripe.js APIs the app really calls: an init script wraps window.Stripe the moment a
// Stripe.js script defines it, and records every method called on the Stripe object and on each
// Elements group. A card tip, an Apple Pay tip and /gpay must use Stripe's current integration
// (elements in deferred-intent mode, the Payment Element, the Express Checkout Element,
// confirmPayment) and never the deprecated one (paymentRequest, confirmCardPayment, the card
// Element).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { fillCard, guestName, passCaptcha, setScenario, startGift } from './payment-helpers';

declare global {
  interface Window {
    __recordStripeCall: (call: string) => void;
  }
}

/** Runs in the page before any script: wraps whatever later becomes window.Stripe. */
function recordStripeCalls() {
  const record = (name: string, args: unknown[]) => {
    const first = args[0];
    const detail =
      name === 'elements.create' && typeof first === 'string'
        ? `(${first})`
        : name === 'elements' && first && typeof first === 'object' && 'mode' in first
          ? `(mode ${String((first as { mode: unknown }).mode)})`
          : '';
    window.__recordStripeCall(`${name}${detail}`);
  };
  const wrapObject = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value: unknown = Reflect.get(object, key, receiver);
        if (typeof value !== 'function' || typeof key !== 'string' || key.startsWith('_')) {
          return value;
        }
        return (...args: unknown[]) => {
          const name = `${prefix}${key}`;
          record(name, args);
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(object, args);
          return key === 'elements' && result && typeof result === 'object'
            ? wrapObject(result, 'elements.')
            : result;
        };
      },
    });
  let wrapped: unknown;
  Object.defineProperty(window, 'Stripe', {
    configurable: true,
    get: () => wrapped,
    set(StripeFn: unknown) {
      if (typeof StripeFn !== 'function') {
        wrapped = StripeFn;
        return;
      }
      const construct = StripeFn as (...args: unknown[]) => object;
      const factory = function (this: unknown, ...args: unknown[]) {
        record('Stripe', []);
        return wrapObject(construct.apply(this, args), '');
      };
      wrapped = Object.assign(factory, StripeFn);
    },
  });
}

const FORBIDDEN = [/^paymentRequest$/, /^confirmCardPayment$/, /^elements\.create\(card\)$/];

/**
 * The calls, as they happen, kept by the test: a successful payment leaves the page (Stripe's
 * return address, or the wallet's redirect a second later), and a list kept in the page would go
 * with it, however soon after "succeeded" the test asked for it.
 */
async function watchStripeCalls(page: Page): Promise<string[]> {
  const calls: string[] = [];
  await page.exposeFunction('__recordStripeCall', (call: string) => calls.push(call));
  await page.addInitScript(recordStripeCalls);
  return calls;
}

function expectNoDeprecatedCall(calls: string[]) {
  for (const forbidden of FORBIDDEN) {
    expect(
      calls.filter((call) => forbidden.test(call)),
      `${forbidden}`,
    ).toEqual([]);
  }
}

let stripeCalls: string[] = [];
test.beforeEach(async ({ page }) => {
  stripeCalls = await watchStripeCalls(page);
});

test('a card tip uses the Payment Element, elements.submit and confirmPayment', async ({
  page,
}) => {
  await startGift(page, 'ava-martinez', /Give Gift/, guestName('Calls Card'));
  await page.getByRole('button', { name: '$10' }).click();
  await passCaptcha(page);
  await page.getByRole('button', { name: /Tip via Debit\/Credit Card/ }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByText('succeeded', { exact: true })).toBeVisible();

  const calls = [...stripeCalls];
  expectNoDeprecatedCall(calls);
  expect(calls).toEqual(
    expect.arrayContaining([
      'elements(mode payment)',
      'elements.create(payment)',
      'elements.create(expressCheckout)',
      'elements.submit',
      'confirmPayment',
    ]),
  );
  // Stripe's deferred-intent order: the form is submitted before the payment is confirmed.
  expect(calls.indexOf('elements.submit')).toBeLessThan(calls.lastIndexOf('confirmPayment'));
});

test('an Apple Pay tip uses the Express Checkout Element and confirmPayment', async ({ page }) => {
  // Apple Pay in this desktop Chromium: the tester's scenario forces it.
  await setScenario(page, 'wallet-apple-pay');
  await startGift(page, 'ava-martinez', /Give Gift/, guestName('Calls Apple'));
  await page.getByRole('button', { name: '$15' }).click();
  await passCaptcha(page);
  await page.getByRole('button', { name: /Apple Pay/ }).click();
  await page
    .getByRole('dialog', { name: 'Apple Pay' })
    .getByRole('button', { name: 'Pay' })
    .click();
  await expect(page.getByText('succeeded', { exact: true })).toBeVisible();

  const calls = [...stripeCalls];
  expectNoDeprecatedCall(calls);
  expect(calls).toEqual(
    expect.arrayContaining([
      'elements(mode payment)',
      'elements.create(expressCheckout)',
      'elements.update',
      'elements.submit',
      'confirmPayment',
    ]),
  );
});

test('/gpay uses the Express Checkout Element, nothing deprecated', async ({ page }) => {
  await page.goto('/gpay');
  await passCaptcha(page);
  await page.getByRole('button', { name: /Google Pay/ }).click();
  await page
    .getByRole('dialog', { name: 'Google Pay' })
    .getByRole('button', { name: 'Pay' })
    .click();
  await expect(page.getByText('succeeded', { exact: true })).toBeVisible();
  const calls = [...stripeCalls];
  expectNoDeprecatedCall(calls);
  expect(calls).toContain('elements.create(expressCheckout)');
  expect(calls).not.toContain('elements.create(payment)');
});
