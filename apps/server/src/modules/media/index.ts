// The media module's public surface: other modules import from here.
export { createMediaService, type MediaService, type MediaImage, type IngestOptions } from './service.ts';
export { toApiImage, mediaPublicUrl } from './api-image.ts';
