import fc from 'fast-check';
import { PRELOADED_STATE_ID, readPreloadedState, serializeState } from './pageState';

it('serializeState cannot close its script element or open a comment, whatever the data', () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.string(), (value, text) => {
      const json = serializeState({ value, text, tricky: '</script><!--<script>\u2028' });
      expect(json).not.toMatch(/<|\u2028|\u2029/);
      expect(JSON.parse(json)).toEqual(
        JSON.parse(JSON.stringify({ value, text, tricky: '</script><!--<script>\u2028' })),
      );
    }),
  );
});

afterEach(() => document.body.replaceChildren());

it('readPreloadedState reads the server’s data block, and nothing from a client-rendered page', () => {
  expect(readPreloadedState(document)).toBeUndefined();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PRELOADED_STATE_ID;
  block.textContent = serializeState({ api: { note: '</script>' } });
  document.body.append(block);
  expect(readPreloadedState(document)).toEqual({ api: { note: '</script>' } });
  block.textContent = '{broken';
  expect(readPreloadedState(document)).toBeUndefined();
});
