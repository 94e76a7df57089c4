import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { Config } from '../config/env.ts';

/**
 * Security headers and a strict Content-Security-Policy that the built web app satisfies: scripts only
 * from our origin (Vite emits no inline script), no plugins, no framing. Styles allow 'unsafe-inline'
 * because MUI/emotion inject <style> tags at run time (docs/decisions/005-security-headers.md).
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const media = originOf(config.MEDIA_BASE_URL);
  const google = config.GOOGLE_CLIENT_ID ? ['https://accounts.google.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...google.map((g) => `${g}/gsi/client`)],
        styleSrc: ["'self'", "'unsafe-inline'", ...google.map((g) => `${g}/gsi/style`)],
        imgSrc: ["'self'", 'data:', 'blob:', ...media, ...google, 'https://*.googleusercontent.com'].filter(
          (v, i, a) => a.indexOf(v) === i && (google.length > 0 || !v.includes('googleusercontent')),
        ),
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...media, ...google],
        frameSrc: [...(google.length ? google : ["'none'"])],
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
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
  });
}

function originOf(url: string): string[] {
  try {
    return url.startsWith('http') ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
}
