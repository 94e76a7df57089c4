import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RUG_SHAPES, RUG_STYLES } from '@knotwork/shared/constants/catalogue';
import { designRug, renderRugArt } from '../../src/seed/rug-art/index.ts';
import { OUTSIDE } from '../../src/seed/rug-art/palettes.ts';

const heriz = {
  seed: 'rug-0001',
  style: 'persian',
  widthCm: 200,
  lengthCm: 300,
  shape: 'rectangle',
} as const;

// Rendering is CPU-bound (sharp + our own per-knot drawing): ~10 s per render set on a quiet machine, 45 s when the
// two cores are shared with other suites. Generous explicit timeouts; the assertions stay the same.
describe('rug art', { timeout: 120_000 }, () => {
  it('renders the main photo and three views as PNGs, the same for the same seed', async () => {
    const first = await renderRugArt(heriz);
    const again = await renderRugArt(heriz);
    expect(first).toHaveLength(4);
    for (let i = 0; i < first.length; i++) expect(first[i]!.equals(again[i]!)).toBe(true);
    const sizes = await Promise.all(
      first.map(async (b) => {
        const m = await sharp(b).metadata();
        return `${m.format} ${m.width}x${m.height}`;
      }),
    );
    expect(sizes).toEqual(['png 1200x1500', 'png 1200x1200', 'png 1200x1200', 'png 1200x1200']);
    // A photograph, not a flat fill: many distinct colours.
    const { channels } = await sharp(first[1]).stats();
    expect(channels[0]!.stdev).toBeGreaterThan(10);
  }, 180_000);

  it('draws a different rug for a different seed', async () => {
    const [a] = await renderRugArt(heriz);
    const [b] = await renderRugArt({ ...heriz, seed: 'rug-0002' });
    expect(a!.equals(b!)).toBe(false);
    expect(
      Buffer.from(designRug(heriz).grid.cells).equals(
        Buffer.from(designRug({ ...heriz, seed: 'rug-0002' }).grid.cells),
      ),
    ).toBe(false);
  }, 180_000);

  it('designs every style in every shape with several colours, and cuts round and oval outlines', () => {
    for (const style of RUG_STYLES) {
      for (const shape of RUG_SHAPES) {
        const dims =
          shape === 'runner' ? [80, 320] : shape === 'square' || shape === 'round' ? [200, 200] : [180, 270];
        const { grid } = designRug({
          seed: `${style}-${shape}`,
          style,
          shape,
          widthCm: dims[0]!,
          lengthCm: dims[1]!,
        });
        const roles = new Set(grid.cells);
        roles.delete(OUTSIDE);
        expect(roles.size, `${style} ${shape}`).toBeGreaterThanOrEqual(3);
        const corner = grid.get(0, 0);
        expect(corner === OUTSIDE, `${style} ${shape} corner`).toBe(shape === 'round' || shape === 'oval');
        // Length runs down the grid; runners are long and narrow.
        if (shape === 'runner') expect(grid.height / grid.width).toBeGreaterThan(3);
      }
    }
  });

  it('follows the requested palette', () => {
    const a = designRug({ ...heriz, palette: 'kazak' });
    expect(a.paletteName).toBe('kazak');
    expect(designRug(heriz).paletteName).toMatch(/^(heriz|tabriz|kashan)$/);
  });
});
