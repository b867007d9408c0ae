// A step of the guest walk as a fast-check command, and what the steps share: waiting until the
// page shows the address the model expects, and the flow's panels.
import { isDeepStrictEqual } from 'node:util';
import type fc from 'fast-check';
import { waitForApp } from '../fixtures';
import type { GuestPage } from './guestPage';
import { checkInvariants } from './invariants';
import { addressOf, expectedAddress, type WalkModel } from './model';

export type WalkCommand = fc.AsyncCommand<WalkModel, GuestPage>;

/**
 * A step: when it can happen (check), what it does to the model (update: what the guest should
 * see next, no browser), then doing it in the browser (act) and the invariants. A failure names
 * the step it happened at.
 */
export abstract class Step implements WalkCommand {
  abstract check(m: Readonly<WalkModel>): boolean;
  abstract update(m: WalkModel): void;
  /** `m` is the model after `update`, `before` as it was. */
  protected abstract act(walk: GuestPage, m: WalkModel, before: WalkModel): Promise<void>;
  abstract toString(): string;

  /** What kind of move it is, for the walk's figures (the issue-49 moves are counted by it). */
  get move(): string | null {
    return null;
  }

  async run(m: WalkModel, walk: GuestPage): Promise<void> {
    walk.steps += 1;
    if (this.move) walk.moves.set(this.move, (walk.moves.get(this.move) ?? 0) + 1);
    const started = Date.now();
    const before = structuredClone(m);
    this.update(m);
    try {
      await this.act(walk, m, before);
      await checkInvariants(walk, m);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`step ${walk.steps} (${this}) failed:\n${message}`, { cause: error });
    } finally {
      if (process.env.GUEST_WALK_LOG) {
        console.log(`${walk.profile.id} ${walk.steps}. ${this} (${Date.now() - started} ms)`);
      }
    }
  }
}

/** Waits until the page shows the model's address, and the app works there. */
export async function arrived(walk: GuestPage, m: WalkModel): Promise<void> {
  const wanted = expectedAddress(m);
  try {
    await walk.page.waitForURL(
      (url) =>
        url.pathname === `/user_profile/${walk.profile.id}` &&
        isDeepStrictEqual(addressOf(url), wanted),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `the page did not arrive at ${JSON.stringify(wanted)}; it is at ${walk.page.url()}\n${message}`,
      { cause: error },
    );
  }
  await waitForApp(walk.page);
}

export const flowRegion = (walk: GuestPage) =>
  walk.page.getByRole('region', { name: new RegExp(` ${walk.profile.name}$`) });
export const giftRegion = (walk: GuestPage) =>
  flowRegion(walk).getByRole('region', { name: walk.profile.giftTitle });
