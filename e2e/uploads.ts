// The files the page uploads and those its draft keeps, read back in the test.
import type { Page } from '@playwright/test';
import { holdRequests } from './fixtures';

export interface SentFile {
  name: string;
  type: string;
  bytes: Buffer;
}

declare global {
  interface Window {
    __sentForms?: FormData[];
  }
}

/** Keeps each form the page sends: Playwright's postDataBuffer() is null for a body of files. */
export async function recordUploads(page: Page) {
  await page.addInitScript(() => {
    const forms: FormData[] = [];
    window.__sentForms = forms;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function recordedSend(this: XMLHttpRequest, body) {
      if (body instanceof FormData) forms.push(body);
      send.call(this, body);
    };
  });
}

export type FileSource = { sentAs: string } | { draftOf: string };

export async function filesIn(page: Page, source: FileSource): Promise<SentFile[]> {
  const files = await page.evaluate(async (from) => {
    const request = (r: IDBRequest) =>
      new Promise<unknown>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    // lib/flowDraftMedia.ts
    const kept = async (key: string): Promise<File[]> => {
      const db = (await request(indexedDB.open('grati-drafts'))) as IDBDatabase;
      try {
        if (!db.objectStoreNames.contains('media')) return [];
        const value = (await request(db.transaction('media').objectStore('media').get(key))) as
          { media: { file: { file: File } }[] } | undefined;
        return (value?.media ?? []).map((item) => item.file.file);
      } finally {
        db.close();
      }
    };
    const list =
      'sentAs' in from
        ? (window.__sentForms?.at(-1)?.getAll(from.sentAs) ?? []).filter(
            (value): value is File => value instanceof File,
          )
        : await kept(from.draftOf);
    return Promise.all(
      list.map(async (file) => {
        const bytes = new Uint8Array(await file.arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) {
          binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        }
        return { name: file.name, type: file.type, base64: btoa(binary) };
      }),
    );
  }, source);
  return files.map(({ name, type, base64 }) => ({
    name,
    type,
    bytes: Buffer.from(base64, 'base64'),
  }));
}

/** Read before the answer comes (the page then goes to the profile, with what it recorded). */
export async function sendAndRead(page: Page): Promise<SentFile[]> {
  const upload = await holdRequests(page, '**/api/gratitude/image-gratitude');
  const sending = page.waitForRequest('**/api/gratitude/image-gratitude');
  await page.getByRole('button', { name: 'Submit' }).click();
  await sending;
  try {
    return await filesIn(page, { sentAs: 'media' });
  } finally {
    upload.release();
  }
}
