import type { ApiImage } from '@knotwork/shared/schemas/media';
import { uploadWithProgress } from '../../catalogue/api/upload-photo.ts';

/** POST /admin/condition-reports/lots/:id/photos as multipart with progress (0..1): the re-encoded picture. */
export const uploadConditionPhoto = (lotId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress<{ message: string; data: ApiImage }>(
    `/admin/condition-reports/lots/${encodeURIComponent(lotId)}/photos`,
    file,
    onProgress,
  );
