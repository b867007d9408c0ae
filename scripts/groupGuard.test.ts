// scripts/groupGuard.cjs, the leader of each preview server's process group: the group goes when
// the process that started it dies, SIGKILL included, and the guard ends as its command did.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

const GUARD = path.join(__dirname, 'groupGuard.cjs');
const FOREVER = 'setInterval(() => {}, 1000)';

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

it('ends the group once its starter is killed', async () => {
  // The starter, as startPreview starts a server: the guard detached, its stdin a pipe from here.
  const starter = spawn(
    process.execPath,
    [
      '-e',
      `const g = require('child_process').spawn(process.execPath, ${JSON.stringify([GUARD, process.execPath, '-e', FOREVER])}, { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
       console.log(g.pid); ${FOREVER}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(starter.stdout!.setEncoding('utf8'), 'data')) as [string];
  const pgid = Number(line.trim());
  expect(groupAlive(pgid)).toBe(true);
  starter.kill('SIGKILL');
  const deadline = Date.now() + 10_000;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const alive = groupAlive(pgid);
  if (alive) process.kill(-pgid, 'SIGKILL');
  expect(alive).toBe(false);
}, 20_000);

it('ends as its command did', async () => {
  const guard = spawn(process.execPath, [GUARD, process.execPath, '-e', 'process.exit(3)'], {
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  expect(await once(guard, 'exit')).toEqual([3, null]);
  const killed = spawn(process.execPath, [GUARD, process.execPath, '-e', FOREVER], {
    stdio: ['pipe', 'ignore', 'inherit'],
    detached: true,
  });
  await new Promise((r) => setTimeout(r, 300));
  process.kill(-killed.pid!, 'SIGTERM');
  expect(await once(killed, 'exit')).toEqual([null, 'SIGTERM']);
});
