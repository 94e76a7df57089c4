import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '@knotwork/shared/schemas/common';
import {
  blogListQuerySchema,
  blogListResponseSchema,
  blogPostParamsSchema,
  blogPostResponseSchema,
  careerListResponseSchema,
  contentMessages,
  faqResponseSchema,
  notifySchema,
  sitePageResponseSchema,
  testimonialListResponseSchema,
} from '@knotwork/shared/schemas/content';
import { homeFeaturesResponseSchema } from '@knotwork/shared/schemas/content-staff';
import { contentLimits } from './limits.ts';
import { SITE_PAGES, type SitePageSlug } from './service.ts';
import type { RouteDeps } from '../../route-deps.ts';

/** Blog, FAQ, legal pages, about-us content and notify-me sign-ups: public, read-mostly. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod<RouteDeps<'rateLimits'>> = (app, { rateLimits }) => {
  const content = app.services.content;

  app.get(
    '/auth/blog',
    {
      schema: {
        tags: ['content'],
        summary: 'Published blog posts, newest first, a page at a time (optionally one tag)',
        querystring: blogListQuerySchema,
        response: { 200: blogListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => content.listPosts(request.query),
  );

  app.get(
    '/auth/blog/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'One published post by id or slug: sanitised HTML body, previous/next and related posts',
        params: blogPostParamsSchema,
        response: { 200: blogPostResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ data: await content.getPost(request.params.id) }),
  );

  app.get(
    '/auth/faq',
    {
      schema: {
        tags: ['content'],
        summary: 'Frequently asked questions in their groups, in display order',
        response: { 200: faqResponseSchema },
      },
    },
    async () => ({ data: await content.faq() }),
  );

  const page = (path: string, slug: SitePageSlug, summary: string) =>
    app.get(
      path,
      {
        schema: {
          tags: ['content'],
          summary,
          response: { 200: sitePageResponseSchema, 404: errorResponseSchema },
        },
      },
      async () => ({ data: await content.page(slug) }),
    );
  page('/auth/privacypolicy', SITE_PAGES.privacy, 'The privacy policy as sanitised HTML');
  page('/auth/terms', SITE_PAGES.terms, 'The terms and conditions of sale as sanitised HTML');
  page('/auth/about', SITE_PAGES.about, "The About page's story as sanitised HTML");

  app.post(
    '/auth/notify',
    {
      schema: {
        tags: ['content'],
        summary: 'Sign up to be e-mailed when new auctions open (same answer for new and known addresses)',
        body: notifySchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      await rateLimits.consume('notify-ip', request.ip, contentLimits.notifyIp);
      await rateLimits.consume('notify-email', email, contentLimits.notifyEmail);
      await content.notify(email, request.ip);
      return { message: contentMessages.notifySubscribed };
    },
  );

  app.get(
    '/misc/home',
    {
      schema: {
        tags: ['content'],
        summary: "The home page's featured sale and collections (an empty list: the first collections)",
        response: { 200: homeFeaturesResponseSchema },
      },
    },
    // The staff's choices for the home page, read through the content staff service that keeps them.
    async () => ({ data: await app.services.adminContent.publicHome() }),
  );

  app.get(
    '/misc/testimonials',
    {
      schema: {
        tags: ['content'],
        summary: 'What clients say about the house, in display order',
        response: { 200: testimonialListResponseSchema },
      },
    },
    async () => ({ data: await content.testimonials() }),
  );

  app.get(
    '/misc/careers',
    {
      schema: {
        tags: ['content'],
        summary: 'Open positions at the house',
        response: { 200: careerListResponseSchema },
      },
    },
    async () => ({ data: await content.careers() }),
  );
  return Promise.resolve();
};
export default routes;
