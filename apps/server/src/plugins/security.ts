import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import cors from '@fastify/cors';
import type { Config } from '../config/env.ts';
import { PAYPAL_LIVE_URL, paypalConfigured, stripeConfigured } from '../config/payment-env.ts';

/**
 * What Stripe.js and PayPal's buttons need (their documented CSP), only when the provider is configured: a house
 * without card payments allows no third-party script at all. PayPal's buttons frame the sandbox outside live mode.
 */
function providerSources(config: Config) {
  const stripe = stripeConfigured(config);
  const paypal = paypalConfigured(config);
  const paypalFrames = paypal
    ? [
        'https://www.paypal.com',
        ...(config.PAYPAL_API_URL === PAYPAL_LIVE_URL ? [] : ['https://www.sandbox.paypal.com']),
      ]
    : [];
  return {
    script: [...(stripe ? ['https://js.stripe.com'] : []), ...(paypal ? ['https://www.paypal.com'] : [])],
    frame: [...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []), ...paypalFrames],
    connect: [...(stripe ? ['https://api.stripe.com'] : []), ...paypalFrames],
    img: paypal ? ['https://www.paypalobjects.com'] : [],
  };
}

/**
 * Security headers and a strict Content-Security-Policy that the built web app satisfies: scripts only
 * from our origin (Vite emits no inline script), no plugins, no framing. Styles allow 'unsafe-inline'
 * because MUI/emotion inject <style> tags at run time (docs/decisions/005-security-headers.md).
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const media = originOf(config.MEDIA_BASE_URL);
  const google = config.GOOGLE_CLIENT_ID ? ['https://accounts.google.com'] : [];
  const providers = providerSources(config);
  const frames = [...google, ...providers.frame];
  // helmet's own middleware, built once: @fastify/helmet rebuilt it (parsing every directive again) on every
  // request, a few per cent of a bid's CPU (decision 101). Same headers, same library.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...google.map((g) => `${g}/gsi/client`), ...providers.script],
        styleSrc: ["'self'", "'unsafe-inline'", ...google.map((g) => `${g}/gsi/style`)],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...media,
          ...google,
          'https://*.googleusercontent.com',
          ...providers.img,
        ].filter((v, i, a) => a.indexOf(v) === i && (google.length > 0 || !v.includes('googleusercontent'))),
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...media, ...google, ...providers.connect],
        frameSrc: frames.length ? frames : ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: config.PUBLIC_URL.startsWith('https:') ? [] : null,
      },
    },
    // Google's sign-in popup talks back to the opener; same-origin-allow-popups keeps that working.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    hsts: config.PUBLIC_URL.startsWith('https:'),
  });
  // Features the site never uses are off for it and anything it embeds; the rug gallery uses fullscreen.
  const headers = { ...helmetHeaders(securityHeaders), 'permissions-policy': PERMISSIONS_POLICY };
  // The same headers on every answer, set in one call from one object: running helmet's middleware per request
  // (a dozen setHeader calls, each validated) was 3% of a bid's CPU on a hot lot (issue 30).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // API answers carry tokens and personal data: no browser or proxy may keep them. A route that means to be
  // cached publicly (the country lists) sets its own Cache-Control, which is kept.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/v1') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
  });
}

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * The headers helmet's middleware sets, read once from a stand-in response: with no per-request directive (no
 * nonce, no function) they are the same for every answer. A directive that needed the request would fail here.
 */
function helmetHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  };
  let failed: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error('helmet did not set the security headers');
  return headers;
}

function originOf(url: string): string[] {
  try {
    return url.startsWith('http') ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
}
