import type { ApiImageZoom } from '@knotwork/shared/schemas/media';
import { mediaUrl } from '@/lib/media.ts';

/** What the zoom dialog's own buttons and keys do to the viewer. */
export interface ZoomViewer {
  zoomBy(factor: number): void;
  /** Moves the view by a fraction of what is visible (0.1: a tenth of the screen to the right). */
  panBy(dx: number, dy: number): void;
  home(): void;
  /** The viewport's zoom (1: the whole picture fits the width). */
  zoom(): number;
  destroy(): void;
}

export interface ZoomViewerEvents {
  onOpen(): void;
  onFail(): void;
  onZoom(zoom: number): void;
}

/**
 * Opens a Deep Zoom pyramid in OpenSeadragon inside `element`. The library is imported here, on demand, so it is
 * never part of the rug page's first download (decision 061). The descriptor is built from the API's fields, not
 * fetched (one request fewer; tiles are plain images, so the CSP's img-src for MEDIA_BASE_URL covers them). The
 * canvas drawer draws tiles from another origin without CORS (WebGL could not); OpenSeadragon's own buttons
 * (images from its CDN path) and keys are off: the dialog has its own, labelled in the page's language.
 */
export async function openZoomViewer(
  element: HTMLElement,
  zoom: ApiImageZoom,
  events: ZoomViewerEvents,
): Promise<ZoomViewer> {
  const { default: OpenSeadragon } = await import('openseadragon');
  const viewer = OpenSeadragon({
    element,
    tileSources: {
      Image: {
        xmlns: 'http://schemas.microsoft.com/deepzoom/2008',
        Url: mediaUrl(zoom.tiles) ?? zoom.tiles,
        Format: zoom.format,
        Overlap: String(zoom.overlap),
        TileSize: String(zoom.tileSize),
        Size: { Width: String(zoom.width), Height: String(zoom.height) },
      },
    },
    drawer: 'canvas',
    crossOriginPolicy: false,
    showNavigationControl: false,
    keyboardNavEnabled: false,
    // Stop at twice the pyramid's own pixels: further is only blur.
    maxZoomPixelRatio: 2,
    visibilityRatio: 0.5,
    gestureSettingsTouch: { pinchToZoom: true, flickEnabled: true, clickToZoom: false, dblClickToZoom: true },
    gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true, scrollToZoom: true },
    animationTime: 0.6,
  });
  viewer.addHandler('open', () => events.onOpen());
  viewer.addHandler('open-failed', () => events.onFail());
  viewer.addHandler('zoom', () => events.onZoom(viewer.viewport.getZoom(true)));
  viewer.addHandler('animation-finish', () => events.onZoom(viewer.viewport.getZoom(true)));

  return {
    zoomBy(factor) {
      viewer.viewport.zoomBy(factor);
      viewer.viewport.applyConstraints();
    },
    panBy(dx, dy) {
      const bounds = viewer.viewport.getBounds();
      viewer.viewport.panBy(new OpenSeadragon.Point(bounds.width * dx, bounds.height * dy));
      viewer.viewport.applyConstraints();
    },
    home: () => viewer.viewport.goHome(),
    zoom: () => viewer.viewport.getZoom(true),
    destroy: () => viewer.destroy(),
  };
}
