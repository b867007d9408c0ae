// The guest's steps between addresses: a flow opened, its next step, left by its back arrow or
// the browser's Back and Forward, a reload, ?show=true and its OK.
import type { GuestPage } from './guestPage';
import {
  atStep,
  flowBack,
  loadNewEntry,
  modalOpen,
  nextStep,
  openFlow,
  pushEntry,
  reloadEntry,
  traversalTarget,
  traverse,
  type FlowName,
  type WalkModel,
} from './model';
import { arrived, flowRegion, Step } from './step';

const GUEST = { fullName: 'Walk Guest', email: 'walk.guest@example.com' };

export class OpenFlow extends Step {
  constructor(readonly flow: FlowName) {
    super();
  }
  check(m: Readonly<WalkModel>) {
    return !modalOpen(m) && openFlow(m)?.name !== this.flow;
  }
  update(m: WalkModel) {
    // A fresh tap starts an empty draft (issue 49: a draft left here may be another guest's):
    // from now on the page's draft is the new one, with nothing in it yet.
    m.guestKnown = false;
    m.draftAmount = '';
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

export class SubmitGuestDetails extends Step {
  check(m: Readonly<WalkModel>) {
    return atStep(m, 'guest');
  }
  update(m: WalkModel) {
    const flow = openFlow(m)!;
    m.guestKnown = true;
    pushEntry(m, { name: flow.name, step: nextStep(flow.name) });
  }
  async act(walk: GuestPage, m: WalkModel) {
    const form = flowRegion(walk).getByRole('form', { name: 'Your details' });
    await form.getByLabel('Full Name').fill(GUEST.fullName);
    await form.getByLabel('Email').fill(GUEST.email);
    await form.getByRole('button', { name: 'Submit' }).click();
    await arrived(walk, m);
  }
  toString() {
    return 'submit the guest details';
  }
}
