// The test cards the browser suites type, as a guest types them (in groups of four), taken from the
// Stripe emulator's own table (mock-api/emulators/stripe/testCards.ts), never retyped.
import { TEST_CARDS, type TestCard } from '../mock-api/emulators/stripe/testCards';

/** A card's number as a guest types it: 4242 4242 4242 4242. */
export const asTyped = (card: TestCard) => card.number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The card Stripe names by its ready-made test PaymentMethod, as a guest types it. */
function typedCard(paymentMethod: string): string {
  const card = TEST_CARDS.find((c) => c.paymentMethod === paymentMethod);
  if (!card) throw new Error(`no test card for ${paymentMethod}`);
  return asTyped(card);
}

/** Stripe's Visa that simply pays (pm_card_visa). */
export const PAYS = typedCard('pm_card_visa');
/** Stripe's generic decline, 'Your card was declined.' (pm_card_chargeDeclined). */
export const DECLINED = typedCard('pm_card_chargeDeclined');
