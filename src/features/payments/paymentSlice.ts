/**
 * The payment state machine. Actions are events; an event that cannot happen in the current state
 * is ignored (the state object is returned unchanged), so a late or doubled answer cannot move the
 * payment backwards or skip a step.
 *
 *   idle | awaitingCard | failed --methodChosen--> creatingIntent
 *   creatingIntent --intentCreated--> awaitingCard,  --intentFailed--> failed
 *   awaitingCard --confirmationStarted--> confirming
 *   failed (with an intent) --confirmationStarted--> confirming   (another card for the same intent)
 *   confirming --paymentSucceeded--> succeeded,      --confirmationFailed--> failed
 *   idle | creatingIntent | awaitingCard | failed --choiceReset--> idle
 *
 * choiceReset (a new amount, a changed review, another option needing its own captcha) is
 * ignored while confirming (the provider is already charging that amount: its answer must still
 * land) and after success.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PaymentMethodKind } from '../../api/contract/fees';

export const PAYMENT_STATUSES = [
  'idle',
  'creatingIntent',
  'awaitingCard',
  'confirming',
  'succeeded',
  'failed',
] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentState {
  status: PaymentStatus;
  method: PaymentMethodKind | null;
  clientSecret: string | null;
  error: string | null;
  amountCents: number | null;
}

export const initialPaymentState: PaymentState = {
  status: 'idle',
  method: null,
  clientSecret: null,
  error: null,
  amountCents: null,
};

const CAN_CHOOSE_METHOD: readonly PaymentStatus[] = ['idle', 'awaitingCard', 'failed'];
/** idle is already the reset state; confirming and succeeded keep their payment. */
const CHOICE_CAN_RESET: readonly PaymentStatus[] = ['creatingIntent', 'awaitingCard', 'failed'];

export const paymentSlice = createSlice({
  name: 'payment',
  initialState: initialPaymentState,
  reducers: {
    methodChosen(
      state,
      action: PayloadAction<{ method: PaymentMethodKind; amountCents: number }>,
    ): PaymentState | undefined {
      if (!CAN_CHOOSE_METHOD.includes(state.status)) return;
      return {
        status: 'creatingIntent',
        method: action.payload.method,
        amountCents: action.payload.amountCents,
        clientSecret: null,
        error: null,
      };
    },
    intentCreated(state, action: PayloadAction<{ clientSecret: string }>) {
      if (state.status !== 'creatingIntent') return;
      state.status = 'awaitingCard';
      state.clientSecret = action.payload.clientSecret;
    },
    intentFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.status !== 'creatingIntent') return;
      state.status = 'failed';
      state.error = action.payload.message;
    },
    confirmationStarted(state) {
      const retry = state.status === 'failed' && state.clientSecret !== null;
      if (state.status !== 'awaitingCard' && !retry) return;
      state.status = 'confirming';
      state.error = null;
    },
    paymentSucceeded(state) {
      if (state.status !== 'confirming') return;
      state.status = 'succeeded';
    },
    confirmationFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.status !== 'confirming') return;
      state.status = 'failed';
      state.error = action.payload.message;
    },
    choiceReset(state): PaymentState | undefined {
      if (!CHOICE_CAN_RESET.includes(state.status)) return;
      return initialPaymentState;
    },
  },
});

export const paymentReducer = paymentSlice.reducer;

export const {
  methodChosen,
  intentCreated,
  intentFailed,
  confirmationStarted,
  paymentSucceeded,
  confirmationFailed,
  choiceReset,
} = paymentSlice.actions;
