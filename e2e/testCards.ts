// The test cards as a guest types them (in groups of four), from the Stripe emulator's own table.
import { TEST_CARDS, type TestCard } from '../mock-api/emulators/stripe/testCards';

export const asTyped = (card: TestCard) => card.number.replace(/(\d{4})(?=\d)/g, '$1 ');

function typedCard(paymentMethod: string): string {
  const card = TEST_CARDS.find((c) => c.paymentMethod === paymentMethod);
  if (!card) throw new Error(`no test card for ${paymentMethod}`);
  return asTyped(card);
}

export const PAYS = typedCard('pm_card_visa');
export const DECLINED = typedCard('pm_card_chargeDeclined');
