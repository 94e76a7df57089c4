import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { can, isStaffRole, type Ability } from '@knotwork/shared/abilities/staff';
import { apiMessages } from '@knotwork/shared/messages/api';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import type { AuthContext } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` (always) or `optionalAuth` (when a valid token came). */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** What a staff route needs (action, subject), checked by `requireStaff` from the shared ability table. */
    ability?: Ability;
  }
  // Property signatures, not methods: routes pass the guards unbound (`preHandler: app.authenticate`), and none of
  // them uses `this`.
  interface FastifyInstance {
    /** Guard (run as onRequest, see moveGuardsToOnRequest): 401 unless a live bearer token came. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Guard: reads the token if present; a bad token is still a 401 so the client can clear it. */
    optionalAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Guard: 401 unless signed in, 403 unless staff (any staff role). */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Guard for the staff API: 401 unless signed in, 403 unless the caller's role has the route's
     * `config.ability`. A route without one is refused to everybody (fail closed).
     */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  const resolve = async (request: FastifyRequest, required: boolean) => {
    const token = bearer(request);
    if (!token) {
      if (required) throw unauthorized(apiMessages.unauthorized);
      return;
    }
    const auth = await app.ctx.tokens.verify(token);
    if (!auth) throw unauthorized(apiMessages.unauthorized);
    request.auth = auth;
  };
  app.decorate('authenticate', async (request: FastifyRequest) => resolve(request, true));
  app.decorate('optionalAuth', async (request: FastifyRequest) => resolve(request, false));
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await resolve(request, true);
    if (!isStaffRole(request.auth?.role)) throw forbidden(apiMessages.forbidden);
  });
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    await resolve(request, true);
    const ability = request.routeOptions.config.ability;
    if (!ability || !can(request.auth?.role, ...ability)) throw forbidden(apiMessages.forbidden);
  });
  moveGuardsToOnRequest(app, [app.authenticate, app.optionalAuth, app.requireAdmin, app.requireStaff]);
}

type Hook = (...args: never[]) => unknown;

/**
 * Routes name their guard as `preHandler: app.authenticate`, but preHandler runs after the body, query and
 * path are validated, so a stranger would get a protected route's field errors (400) before the 401. Every
 * route registered after this moves its guards to onRequest, ahead of parsing and validation (issue 7, 6f).
 */
function moveGuardsToOnRequest(app: FastifyInstance, guards: Hook[]) {
  const isGuard = (h: unknown) => guards.includes(h as Hook);
  const asList = (v: unknown): Hook[] =>
    v === undefined ? [] : Array.isArray(v) ? (v as Hook[]) : [v as Hook];
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandler = asList(route.preHandler);
    const moved = preHandler.filter(isGuard);
    if (moved.length === 0) return;
    const rest = preHandler.filter((h) => !isGuard(h));
    route.preHandler = (rest.length ? rest : undefined) as RouteOptions['preHandler'];
    route.onRequest = [...moved, ...asList(route.onRequest)] as RouteOptions['onRequest'];
  });
}

/** The signed-in caller inside a route guarded by `authenticate`. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized(apiMessages.unauthorized);
  return request.auth;
}
