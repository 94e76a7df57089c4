import { describe, expect, it } from 'vitest';
import { pathPattern, pathPrefix, webPaths } from '../../src/constants/web-paths.ts';

describe("the web's paths, shared with the server", () => {
  it('gives the literal start of a path with a parameter', () => {
    expect(pathPrefix(webPaths.rugLive.path)).toBe('/rugs-details-live/');
    expect(pathPrefix(webPaths.blogPost.path)).toBe('/auction-blog/');
    expect(pathPrefix(webPaths.myItems.path)).toBe('/my-items');
  });

  it('matches request paths as the preload table did before it read these paths', () => {
    const cases: Array<[RegExp, RegExp, string[]]> = [
      [
        pathPattern([webPaths.home.path, webPaths.homeAlias.path], { trailingSlash: false }),
        /^\/(?:home)?$/,
        ['/', '/home', '/home/', '//', '/homes', ''],
      ],
      [
        pathPattern([webPaths.rugListing.path, webPaths.rugListings.path]),
        /^\/rug-listings?\/?$/,
        ['/rug-listing', '/rug-listings/', '/rug-listingss', '/rug-listing/x'],
      ],
      [
        pathPattern([webPaths.rug.path, webPaths.rugLive.path]),
        /^\/(?:rug-listing|rugs-details-live)\/[^/]+\/?$/,
        [
          '/rug-listing/abc',
          '/rugs-details-live/abc/',
          '/rug-listing/',
          '/rug-listing/a/b',
          '/rugs-details-live',
        ],
      ],
      [
        pathPattern([webPaths.upcomingAuction.path]),
        /^\/upcoming-auctions\/[^/]+\/?$/,
        ['/upcoming-auctions/spring', '/upcoming-auctions/', '/upcoming-auctions'],
      ],
    ];
    for (const [now, before, paths] of cases)
      for (const p of paths) expect(now.test(p), `${now} ${p}`).toBe(before.test(p));
  });

  it('links to My Items and one of its tabs', () => {
    expect(webPaths.myItems.href()).toBe('/my-items');
    expect(webPaths.myItems.href('searches')).toBe('/my-items?tab=searches');
  });
});
