import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * What the OpenAPI document promises integrators beyond the schemas (decision 043): every operation gets a
 * stable operationId (from its method and path unless the route names one, so renaming a handler never breaks a
 * generated client), tags, and its security read from the guard the route really runs.
 */

const VERB: Record<string, string> = {
  GET: 'get',
  POST: 'post',
  PUT: 'put',
  PATCH: 'patch',
  DELETE: 'delete',
  HEAD: 'head',
};
const words = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** GET /api/v1/rug/{id}/bids -> getRugBidsById; the path makes it unique, since a path and method are. */
export function operationIdFor(method: string, url: string): string {
  const path = url.replace(/^\/api(\/v1)?\//, '');
  const params: string[] = [];
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    const param = /^[:{]([^}]+)}?$/.exec(segment);
    if (param) params.push(cap(param[1]!));
    else parts.push(...words(segment).map(cap));
  }
  return `${VERB[method] ?? method.toLowerCase()}${parts.join('')}${params.length ? `By${params.join('And')}` : ''}`;
}

/** The first path segment, for routes that name no tag of their own. */
export function tagFor(url: string): string {
  return url.replace(/^\/api(\/v1)?\//, '').split('/')[0] || 'system';
}

type Guard = unknown;
const asList = (hooks: unknown): Guard[] => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []);

/** The bearer scheme for routes that need a session, optional for routes that read one if sent, none otherwise. */
export function securityFor(
  app: FastifyInstance,
  route: Pick<RouteOptions, 'onRequest' | 'preHandler' | 'preValidation'>,
) {
  const guards = [...asList(route.onRequest), ...asList(route.preHandler), ...asList(route.preValidation)];
  if (guards.includes(app.authenticate) || guards.includes(app.requireAdmin)) return [{ bearerAuth: [] }];
  if (guards.includes(app.optionalAuth)) return [{ bearerAuth: [] }, {}];
  return [];
}

/** Example bodies of the main requests: checked against their schemas by the lint (no-invalid-media-type-examples). */
export const REQUEST_EXAMPLES: Record<string, unknown> = {
  postAuthRegister: {
    first_name: 'Leyla',
    last_name: 'Karimi',
    email: 'leyla@example.com',
    password: 'Kilim@2024',
  },
  postAuthLogin: { email: 'leyla@example.com', password: 'Kilim@2024' },
  postAuthVerifyOtp: { email: 'leyla@example.com', otp: '4821', password: 'Kilim@2024' },
  postRugAddOfferById: { amount: 125000 },
  postCheckoutQuote: {
    orderIds: ['5b0e8f8e-6a64-4c59-9a53-3f1b8e0b1c2d'],
    shippingMethod: 'courier',
    addressId: '0f4d1c9e-2b7a-4f7e-8a1d-6c2e9b3a5d47',
  },
  postPaymentBankTransfer: { orderIds: ['5b0e8f8e-6a64-4c59-9a53-3f1b8e0b1c2d'], shippingMethod: 'collect' },
};

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

type Operation = {
  operationId?: string;
  tags?: string[];
  parameters?: { in: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown; example?: unknown }> };
  responses?: Record<string, { description?: string }>;
  security?: unknown[];
};

/**
 * The document as a whole: error answers every operation can give, described with the shared ErrorResponse
 * (input refused, session missing, not found), examples, the tag list and the server.
 */
export function finishDocument(document: Record<string, unknown>): Record<string, unknown> {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const op of Object.values(item)) {
      const responses = (op.responses ??= {});
      for (const answer of Object.values(responses))
        if (answer.description === 'Default Response') delete answer.description;
      const hasInput = Boolean(op.requestBody) || (op.parameters ?? []).some((p) => p.in !== 'header');
      if (hasInput)
        responses['400'] ??= errorAnswer(
          'The input was refused: `message` says why, `errors` names the fields',
        );
      if (
        (op.security ?? []).some((s) => Object.keys(s as object).length > 0) &&
        (op.security ?? []).length === 1
      )
        responses['401'] ??= errorAnswer('No session, or it expired: sign in again');
      if (path.includes('{')) responses['404'] ??= errorAnswer('Nothing with that id');
      for (const [code, answer] of Object.entries(responses)) answer.description ??= describeStatus(code);
      const example = op.operationId ? REQUEST_EXAMPLES[op.operationId] : undefined;
      const json = op.requestBody?.content?.['application/json'];
      if (example !== undefined && json) json.example = example;
      for (const tag of op.tags ?? []) tags.add(tag);
    }
  }
  return {
    ...document,
    servers: [{ url: '/', description: 'The Knotwork server that serves this document' }],
    tags: [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    components: withoutUnusedSchemas(document),
  };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  addresses: "The signed-in user's shipping addresses and shipping quotes",
  auth: 'Accounts: sign up, one-time codes, sign in, profile, language',
  bidding: 'Bids and buy-now on lots, bid history, my bids and won lots',
  catalogue: 'Rugs: search, filters, detail, related rugs, collections',
  contact: 'The contact form',
  'consignor-portal': "The consignor portal: a linked account's own consignments, agreements and statement",
  content: 'Blog, FAQ, legal pages, testimonials, careers, newsletter',
  development: 'Development-only helpers (never in production)',
  geo: 'Countries, states and cities for address forms',
  likes: 'Rugs a user follows',
  notifications: 'In-app notifications and Web Push subscriptions',
  orders: "The signed-in user's orders",
  payments: 'Checkout, payment methods, invoices, second-chance offers, provider webhooks',
  sales: 'Auctions (sales) and their lots',
  staff: 'Staff: auctions, lots, bids, users',
  'staff: orders': 'Staff: orders, payments, shipping, refunds, tax rates',
  system: 'Health probes for load balancers and orchestrators',
};

/**
 * The zod provider registers an input and an output variant of every named schema; only those some operation
 * reaches (directly or through another schema) are kept, so the document and the generated client stay lean.
 */
function withoutUnusedSchemas(document: Record<string, unknown>): Record<string, unknown> {
  const components = (document.components ?? {}) as { schemas?: Record<string, unknown> };
  const schemas = components.schemas ?? {};
  const used = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(document.paths);
  return {
    ...components,
    schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
  };
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'Done',
  '201': 'Created',
  '204': 'Done, nothing to answer',
  '400': 'The input was refused',
  '401': 'No session, or it expired',
  '403': 'Not allowed for this account',
  '404': 'Not found',
  '409': 'In conflict with the current state',
  '413': 'Too large',
  '415': 'Unsupported type',
  '422': 'Refused by the rules',
  '429': 'Too many requests: wait for Retry-After seconds',
  '503': 'Unavailable for now',
};
const describeStatus = (code: string) => STATUS_TEXT[code] ?? `Status ${code}`;
