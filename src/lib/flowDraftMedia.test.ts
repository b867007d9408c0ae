/**
 * @jest-environment node
 */
// The draft's files in IndexedDB (fake-indexeddb: the browser's API in Node, with real Blobs).
import 'fake-indexeddb/auto';
import { File } from 'node:buffer';
import { loadDraftMedia, saveDraftMedia } from './flowDraftMedia';
import { allowConsoleError } from '../../jest/consoleGuard';

describe('a draft’s media', () => {
  it('keeps files as files, per profile, and forgets them when emptied', async () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'photo.jpg', { type: 'image/jpeg' });
    expect(
      await saveDraftMedia('ava', [{ kind: 'image', file: { file: photo, name: 'photo.jpg' } }]),
    ).toBe(true);
    const [kept] = (await loadDraftMedia('ava')) as { file: { file: Blob; name: string } }[];
    expect(kept?.file.name).toBe('photo.jpg');
    expect(kept?.file.file).toBeInstanceOf(Blob);
    expect(Buffer.from(await kept!.file.file.arrayBuffer())).toEqual(Buffer.from([1, 2, 3]));
    expect(await loadDraftMedia('bob')).toEqual([]);

    await saveDraftMedia('ava', []);
    expect(await loadDraftMedia('ava')).toEqual([]);
  });

  it('says so when storage refuses the files', async () => {
    allowConsoleError(/Could not keep the draft media/);
    expect(await saveDraftMedia('ava', [{ kind: 'image', file: { read: () => 1 } }])).toBe(false);
    expect(await loadDraftMedia('ava')).toEqual([]);
  });

  it('does not read back files older than a day', async () => {
    await saveDraftMedia('old', [{ kind: 'image', file: { name: 'a.jpg' } }]);
    expect(await loadDraftMedia('old', Date.now() + 25 * 60 * 60 * 1000)).toEqual([]);
  });
});
