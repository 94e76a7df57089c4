import { useMutation } from '@tanstack/react-query';
import type { ImportJob, ImportKind, ImportPreview } from '@knotwork/shared/schemas/import-staff';
import { env } from '@/config/env.ts';
import { ApiError } from '@/lib/api-client.ts';
import { readToken } from '@/lib/session-storage.ts';

export interface ImportFiles {
  kind: ImportKind;
  csv: File;
  zip: File | null;
  /** The draft sale a lots CSV goes into. */
  auctionId: string;
}

/**
 * POSTs the CSV (and zip) as multipart through XMLHttpRequest, which (unlike fetch) reports upload progress: a
 * zip of photos can take a while to send. `onProgress` gets 0..1.
 */
function postImport<T>(path: string, files: ImportFiles, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = files.kind === 'lots' ? `?auctionId=${encodeURIComponent(files.auctionId)}` : '';
    xhr.open('POST', `${env.apiBaseUrl}/admin/import/${files.kind}${path}${query}`);
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { message?: string; data?: unknown } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = { message: xhr.statusText };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body.data as T);
      else reject(new ApiError(xhr.status, body.message ?? xhr.statusText, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    const form = new FormData();
    form.append('file', files.csv);
    if (files.zip && files.kind === 'rugs') form.append('zip', files.zip);
    xhr.send(form);
  });
}

/** POST /admin/import/{kind}/preview: every row with its errors; the server writes nothing. */
export function usePreviewImport(onProgress: (fraction: number) => void) {
  return useMutation({
    mutationFn: (files: ImportFiles) => postImport<ImportPreview>('/preview', files, onProgress),
  });
}

/** POST /admin/import/{kind}: starts the import; the answer is the job to poll. */
export function useStartImport(onProgress: (fraction: number) => void) {
  return useMutation({
    mutationFn: (files: ImportFiles) => postImport<ImportJob>('', files, onProgress),
  });
}
