// The guest's steps between addresses: a flow opened (a fresh tap, or Continue your draft), its
// next step, left by its back arrow or the browser's Back and Forward, a reload, ?show=true and
// its OK, and a flow whose draft another tab sent started anew.
import { submitDetails } from '../driver/guest';
import { driverOf } from '../fixtures';
import { continueStored, freshTap, sentElsewhere, writeDraft } from './drafts';
import type { GuestPage } from './guestPage';
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
  type WalkModel,
} from './model';
import { arrived, flowRegion, Step } from './step';

/**
 * A tap on an action's button: its flow starts empty (a draft left on the profile may be another
 * guest's), and the stored draft is nobody's from now on (a reload does not bring it back).
 */
export class OpenFlow extends Step {
  constructor(readonly flow: FlowName) {
    super();
  }
  check(m: Readonly<WalkModel>) {
    return !modalOpen(m) && openFlow(m)?.name !== this.flow;
  }
  update(m: WalkModel) {
    freshTap(m);
    pushEntry(m, { name: this.flow, step: 'guest' });
  }
  async act(walk: GuestPage, m: WalkModel) {
    const button =
      this.flow === 'gift'
        ? walk.page.getByRole('button', { name: walk.profile.giftAction, exact: true })
        : walk.page.getByRole('button', { name: new RegExp(`^${this.flow}\\b`, 'i') });
    await button.click();
    await arrived(walk, m);
  }
  toString() {
    return `open the ${this.flow === 'gift' ? 'gift' : this.flow} flow`;
  }
}

export class BackArrow extends Step {
  check(m: Readonly<WalkModel>) {
    return !modalOpen(m) && openFlow(m) !== null;
  }
  update(m: WalkModel) {
    flowBack(m);
  }
  async act(walk: GuestPage, m: WalkModel) {
    await flowRegion(walk).getByRole('button', { name: 'Back', exact: true }).click();
    await arrived(walk, m);
  }
  toString() {
    return "leave by the flow's back arrow";
  }
}

export class BrowserHistory extends Step {
  constructor(readonly delta: -1 | 1) {
    super();
  }
  check(m: Readonly<WalkModel>) {
    return !modalOpen(m) && traversalTarget(m, this.delta) !== null;
  }
  update(m: WalkModel) {
    traverse(m, this.delta);
  }
  async act(walk: GuestPage, m: WalkModel) {
    if (this.delta < 0) await walk.page.goBack();
    else await walk.page.goForward();
    await arrived(walk, m);
  }
  toString() {
    return this.delta < 0 ? "the browser's Back" : "the browser's Forward";
  }
}

export class Reload extends Step {
  check() {
    return true;
  }
  update(m: WalkModel) {
    reloadEntry(m);
  }
  async act(walk: GuestPage, m: WalkModel) {
    await walk.page.reload();
    await arrived(walk, m);
  }
  toString() {
    return 'reload';
  }
}

export class OpenShowAddress extends Step {
  check(m: Readonly<WalkModel>) {
    return !modalOpen(m);
  }
  update(m: WalkModel) {
    loadNewEntry(m, 'show=true');
  }
  async act(walk: GuestPage, m: WalkModel) {
    await walk.page.goto(`/user_profile/${walk.profile.id}?show=true`);
    await arrived(walk, m);
  }
  toString() {
    return 'open ?show=true';
  }
}

export class PressOk extends Step {
  check(m: Readonly<WalkModel>) {
    return modalOpen(m);
  }
  update(m: WalkModel) {
    // OK cleans the address and loads it again in place (location.replace).
    reloadEntry(m, { sent: null, depth: 0 });
  }
  async act(walk: GuestPage, m: WalkModel) {
    await walk.page
      .getByRole('dialog', { name: /Congratulations/ })
      .getByRole('button', { name: 'OK' })
      .click();
    await arrived(walk, m);
  }
  toString() {
    return 'press OK on Congratulations';
  }
}

/** The guest's details (the draft's own guest: a new draft's number names a new guest). */
export class SubmitGuestDetails extends Step {
  check(m: Readonly<WalkModel>) {
    return atStep(m, 'guest');
  }
  update(m: WalkModel) {
    const flow = openFlow(m)!;
    writeDraft(m, (draft) => (draft.guestKnown = true), flow.name);
    m.view!.guestKnown = true;
    pushEntry(m, { name: flow.name, step: nextStep(flow.name) });
  }
  async act(walk: GuestPage, m: WalkModel) {
    const guest = walk.guestOf(m.working!);
    await submitDetails(driverOf(walk.page), guest.fullName, guest.email);
    await arrived(walk, m);
  }
  toString() {
    return 'submit the guest details';
  }
}

/** "Continue your draft" on the profile: the stored draft's flow, at the guest's details. */
export class ContinueDraft extends Step {
  override get move() {
    return 'continue the draft';
  }
  check(m: Readonly<WalkModel>) {
    return onTabs(m) && m.stored !== null;
  }
  update(m: WalkModel) {
    pushEntry(m, { name: continueStored(m), step: 'guest' });
  }
  async act(walk: GuestPage, m: WalkModel) {
    await walk.page.getByRole('button', { name: 'Continue your draft' }).click();
    await arrived(walk, m);
  }
  toString() {
    return 'continue the draft';
  }
}

/** "Start a new one" where the flow says its draft was sent from another tab: an empty flow. */
export class StartNewOne extends Step {
  check(m: Readonly<WalkModel>) {
    return !modalOpen(m) && sentElsewhere(m);
  }
  update(m: WalkModel) {
    freshTap(m);
    replaceEntry(m, { name: openFlow(m)!.name, step: 'guest' });
  }
  async act(walk: GuestPage, m: WalkModel) {
    await flowRegion(walk).getByRole('button', { name: 'Start a new one' }).click();
    await arrived(walk, m);
  }
  toString() {
    return 'start a new draft after one sent elsewhere';
  }
}
