import { useQueryClient } from '@tanstack/react-query';
import type { AdminRugResponse } from '@knotwork/shared/schemas/catalogue-staff';
import { env } from '@/config/env.ts';
import { ApiError } from '@/lib/api-client.ts';
import { readToken } from '@/lib/session-storage.ts';

/** POST /admin/rugs/:id/photos as multipart with progress (0..1). */
export const uploadRugPhoto = (
  rugId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<AdminRugResponse> =>
  uploadWithProgress(`/admin/rugs/${encodeURIComponent(rugId)}/photos`, file, onProgress);

/**
 * POSTs one file as multipart (field `file`) to a staff API path, through XMLHttpRequest because fetch cannot
 * report upload progress. `onProgress` gets 0..1.
 */
export function uploadWithProgress<T>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiBaseUrl}${path}`);
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = { message: xhr.statusText };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body.message ?? xhr.statusText, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** Puts an upload's answer into the editor's cache. */
export function useStoreRug() {
  const client = useQueryClient();
  return (res: AdminRugResponse) => {
    client.setQueryData(['admin', 'rug', res.data.id], res.data);
    void client.invalidateQueries({ queryKey: ['admin', 'rugs'] });
  };
}
