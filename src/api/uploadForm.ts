// Multipart POSTs with upload progress. fetch cannot report bytes sent, so uploads use
// XMLHttpRequest, with the same base URL and guest bearer header as the API slice.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { resolveApiBaseUrl } from '../config/env';
import type { ThunkExtra } from './baseApi';

export interface UploadRequest {
  path: string;
  form: FormData;
  headers?: Record<string, string>;
  onProgress?: (percentSent: number) => void;
}

export type UploadResult<T> = { data: T } | { error: FetchBaseQueryError };

export function uploadForm<T>(
  config: ThunkExtra['config'],
  { path, form, headers = {}, onProgress }: UploadRequest,
  signal?: AbortSignal,
): Promise<UploadResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${resolveApiBaseUrl(config.apiBaseUrl)}/${path}`);
    xhr.setRequestHeader('Authorization', `Bearer ${config.guestToken}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: keep the text
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve({ data: body as T });
      else resolve({ error: { status: xhr.status, data: body } });
    };
    const lost = (message: string) => () =>
      resolve({ error: { status: 'FETCH_ERROR', error: message } });
    xhr.onerror = lost('The connection was lost.');
    xhr.ontimeout = lost('The request timed out.');
    xhr.onabort = lost('The request was cancelled.');
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
