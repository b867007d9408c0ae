// A step of the guest walk as a fast-check command, and what the steps share.
import { isDeepStrictEqual } from 'node:util';
import type { Locator } from '@playwright/test';
import type fc from 'fast-check';
import { waitForApp } from '../fixtures';
import type { GuestPage } from './guestPage';
import { checkInvariants, labelled, relabel } from './invariants';
import { addressOf, expectedAddress, type WalkModel } from './model';

export type WalkCommand = fc.AsyncCommand<WalkModel, GuestPage>;

export interface StepSpec {
  name: string;
  /** The kind of move in flight (issue 49), counted in the walk's figures. */
  move?: string;
  check(m: Readonly<WalkModel>): boolean;
  /** What the guest should see next (no browser). */
  update(m: WalkModel): void;
  /** `m` is the model after `update`, `before` as it was. */
  act(walk: GuestPage, m: WalkModel, before: WalkModel): Promise<void>;
}

/** A step: the model first, then the browser, then the invariants; a failure names the step. */
export class Step implements WalkCommand {
  constructor(readonly spec: StepSpec) {}

  check(m: Readonly<WalkModel>) {
    return this.spec.check(m);
  }

  update(m: WalkModel) {
    this.spec.update(m);
  }

  toString() {
    return this.spec.name;
  }

  async run(m: WalkModel, walk: GuestPage): Promise<void> {
    walk.steps += 1;
    const { move } = this.spec;
    if (move) walk.moves.set(move, (walk.moves.get(move) ?? 0) + 1);
    const started = Date.now();
    const before = structuredClone(m);
    this.update(m);
    try {
      await labelled(`step ${walk.steps} (${this}) failed`, async () => {
        await this.spec.act(walk, m, before);
        await checkInvariants(walk, m);
      });
    } finally {
      if (process.env.GUEST_WALK_LOG) {
        console.log(`${walk.profile.id} ${walk.steps}. ${this} (${Date.now() - started} ms)`);
      }
    }
  }
}

export async function arrived(walk: GuestPage, m: WalkModel): Promise<void> {
  const wanted = expectedAddress(m);
  await walk.page
    .waitForURL(
      (url) =>
        url.pathname === `/user_profile/${walk.profile.id}` &&
        isDeepStrictEqual(addressOf(url.href), wanted),
    )
    .catch((error: unknown) => {
      const where = `the page did not arrive at ${JSON.stringify(wanted)}; it is at ${walk.page.url()}`;
      throw relabel(where, error);
    });
  await waitForApp(walk.page);
}

export const arriving =
  (go: (walk: GuestPage) => Promise<unknown>) => async (walk: GuestPage, m: WalkModel) => {
    await go(walk);
    await arrived(walk, m);
  };

export const flowRegion = (walk: GuestPage) =>
  walk.page.getByRole('region', { name: new RegExp(` ${walk.profile.name}$`) });
export const giftRegion = (walk: GuestPage) =>
  flowRegion(walk).getByRole('region', { name: walk.profile.giftTitle });
export const alertsIn = (scope: Locator) => scope.getByRole('alert').filter({ hasText: /\S/ });
