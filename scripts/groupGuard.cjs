// Leads a test server's process group (scripts/serverProcess.ts startPreview) and ends the group
// once the process that started it is gone, however it went: its stdin is a pipe from that
// process, which the kernel closes when it dies, SIGKILL included. A killed Playwright (or
// Firefox or WebKit run) leaves no preview server behind. Plain JavaScript, run by node itself:
// nothing to compile before the server starts.
//   node scripts/groupGuard.cjs <command> [args...]
const { spawn } = require('node:child_process');

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });

/** Signals the whole group (this process leads it: its pgid is its pid). */
function signalGroup(signal) {
  try {
    process.kill(-process.pid, signal);
  } catch {
    // already gone
  }
}

// The group's own stop (startPreview's stop and kill) signals every process in it, the command's
// too: this one waits for the command to go, then ends as it did.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => undefined);

child.on('error', (error) => {
  console.error(`groupGuard: ${command}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});

process.stdin.on('error', () => undefined);
process.stdin.on('close', () => {
  // The starter is gone: stop the group as startPreview's stop() would, SIGKILL after 5 s.
  signalGroup('SIGTERM');
  setTimeout(() => signalGroup('SIGKILL'), 5_000).unref();
});
process.stdin.resume();
