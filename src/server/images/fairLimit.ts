// Resizes at once, taken in turn by picture: one client asking for every width and format of one
// photo (33 resizes) queued them all ahead of everyone else's thumbnails, which waited 12 s on an
// idle machine and 40 s on a busy one (issue 50's bench). Here each task gets a turn number within
// its picture (a picture's n-th task waiting is behind every other picture's first), and a free
// slot goes to the lowest, so an unrelated picture waits for at most one resize per other picture,
// however many of one picture's are queued.

/** Runs `task` when a slot is free and it is `group`'s turn; settles as the task does. */
export type FairLimit = <T>(group: string, task: () => Promise<T>) => Promise<T>;

interface Group {
  waiting: { turn: number; start: () => void }[];
  /** The turn its next task will get. */
  nextTurn: number;
  running: number;
}

export function fairLimit(concurrency: number): FairLimit {
  // Groups with tasks waiting or running: a group's turns count on while it has either.
  const groups = new Map<string, Group>();
  let running = 0;
  /** The turn of the task started last: a group that comes (back) starts there, not before. */
  let served = 0;

  function startNext() {
    if (running >= concurrency) return;
    // The lowest turn waiting; between equal turns, the group that came first.
    let chosen: Group | undefined;
    for (const group of groups.values()) {
      const head = group.waiting[0];
      if (head && (!chosen || head.turn < chosen.waiting[0]!.turn)) chosen = group;
    }
    if (!chosen) return;
    const { turn, start } = chosen.waiting.shift()!;
    served = Math.max(served, turn);
    chosen.running += 1;
    running += 1;
    start();
  }

  return (name, task) =>
    new Promise((resolve, reject) => {
      let group = groups.get(name);
      if (!group) {
        group = { waiting: [], nextTurn: served, running: 0 };
        groups.set(name, group);
      }
      const mine = group;
      const turn = Math.max(mine.nextTurn, served);
      mine.nextTurn = turn + 1;
      mine.waiting.push({
        turn,
        start: () => {
          task()
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              mine.running -= 1;
              if (mine.running === 0 && mine.waiting.length === 0) groups.delete(name);
              startNext();
            });
        },
      });
      startNext();
    });
}
