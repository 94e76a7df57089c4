// The media module's public surface: other modules import from here.
export { createMediaService, type MediaService, type MediaImage, type IngestOptions } from './service.ts';
export { toApiImage, mediaPublicUrl } from './api-image.ts';
export { sweepUnusedMedia, UNUSED_MEDIA_GRACE_MS, type SweepReport } from './unused.ts';
export { createZoomJobs, cutZoom, removeZoom, zoomKeys, sourcePixels, type ZoomJobs } from './zoom.ts';
