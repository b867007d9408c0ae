import { Emitter } from './emitter';

class Probe extends Emitter {
  fire(event: string, payload?: unknown) {
    this.emit(event, payload);
  }
  has(event: string) {
    return this.listens(event);
  }
}

it('calls each handler of an event in order, until it is turned off', () => {
  const probe = new Probe();
  const calls: string[] = [];
  const first = (payload: unknown) => calls.push(`first ${String(payload)}`);
  probe.on('change', first).on('change', (payload) => calls.push(`second ${String(payload)}`));
  probe.fire('change', 1);
  probe.off('change', first);
  probe.fire('change', 2);
  probe.fire('ready', 3);
  expect(calls).toEqual(['first 1', 'second 1', 'second 2']);
  probe.off('change');
  expect(probe.has('change')).toBe(false);
});

it('calls a once handler once, and a handler added while emitting only from the next event', () => {
  const probe = new Probe();
  const calls: string[] = [];
  probe.once('focus', () => {
    calls.push('once');
    probe.on('focus', () => calls.push('later'));
  });
  probe.fire('focus');
  probe.fire('focus');
  expect(calls).toEqual(['once', 'later']);
});
