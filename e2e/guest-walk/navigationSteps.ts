// The guest's steps between addresses: flows, Back and Forward, a reload, ?show=true and OK.
import { CONGRATULATIONS, pressInDialog, submitDetails } from '../driver/guest';
import { driverOf } from '../fixtures';
import { continueStored, freshTap, sentElsewhere, writeDraft } from './drafts';
import {
  atStep,
  flowBack,
  loadNewEntry,
  modalOpen,
  nextStep,
  openFlow,
  onTabs,
  pushEntry,
  reloadEntry,
  replaceEntry,
  traversalTarget,
  traverse,
  type FlowName,
} from './model';
import { arrived, arriving, flowRegion, Step } from './step';

/** A fresh tap starts empty (a draft left on the profile may be another guest's). */
export const openFlowStep = (flow: FlowName) =>
  new Step({
    name: `open the ${flow} flow`,
    check: (m) => !modalOpen(m) && openFlow(m)?.name !== flow,
    update: (m) => {
      freshTap(m);
      pushEntry(m, { name: flow, step: 'guest' });
    },
    act: arriving(({ page, profile }) =>
      (flow === 'gift'
        ? page.getByRole('button', { name: profile.giftAction, exact: true })
        : page.getByRole('button', { name: new RegExp(`^${flow}\\b`, 'i') })
      ).click(),
    ),
  });

export const backArrow = new Step({
  name: "leave by the flow's back arrow",
  check: (m) => !modalOpen(m) && openFlow(m) !== null,
  update: flowBack,
  act: arriving((walk) =>
    flowRegion(walk).getByRole('button', { name: 'Back', exact: true }).click(),
  ),
});

export const browserHistory = (delta: -1 | 1) =>
  new Step({
    name: delta < 0 ? "the browser's Back" : "the browser's Forward",
    check: (m) => !modalOpen(m) && traversalTarget(m, delta) !== null,
    update: (m) => traverse(m, delta),
    act: arriving(({ page }) => (delta < 0 ? page.goBack() : page.goForward())),
  });

export const reload = new Step({
  name: 'reload',
  check: () => true,
  update: (m) => reloadEntry(m),
  act: arriving(({ page }) => page.reload()),
});

export const openShowAddress = new Step({
  name: 'open ?show=true',
  check: (m) => !modalOpen(m),
  update: (m) => loadNewEntry(m, 'show=true'),
  act: arriving(({ page, profile }) => page.goto(`/user_profile/${profile.id}?show=true`)),
});

export const pressOk = new Step({
  name: 'press OK on Congratulations',
  check: modalOpen,
  // OK cleans the address and loads it again in place (location.replace).
  update: (m) => reloadEntry(m, { sent: null, depth: 0 }),
  act: arriving(({ page }) => pressInDialog(driverOf(page), CONGRATULATIONS, 'OK')),
});

export const submitGuestDetails = new Step({
  name: 'submit the guest details',
  check: (m) => atStep(m, 'guest'),
  update: (m) => {
    const flow = openFlow(m)!;
    writeDraft(m, (draft) => (draft.guestKnown = true), flow.name);
    m.view!.guestKnown = true;
    pushEntry(m, { name: flow.name, step: nextStep(flow.name) });
  },
  act: async (walk, m) => {
    const guest = walk.guestOf(m.working!);
    await submitDetails(driverOf(walk.page), guest.fullName, guest.email);
    await arrived(walk, m);
  },
});

export const continueDraft = new Step({
  name: 'continue the draft',
  move: 'continue the draft',
  check: (m) => onTabs(m) && m.stored !== null,
  update: (m) => pushEntry(m, { name: continueStored(m), step: 'guest' }),
  act: arriving(({ page }) => page.getByRole('button', { name: 'Continue your draft' }).click()),
});

export const startNewOne = new Step({
  name: 'start a new draft after one sent elsewhere',
  check: (m) => !modalOpen(m) && sentElsewhere(m),
  update: (m) => {
    freshTap(m);
    replaceEntry(m, { name: openFlow(m)!.name, step: 'guest' });
  },
  act: arriving((walk) =>
    flowRegion(walk).getByRole('button', { name: 'Start a new one' }).click(),
  ),
});
