import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { operationIdFor } from '../../src/plugins/openapi-operations.ts';

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string; allOf?: unknown[] } }> }>;
};

describe('the OpenAPI document as a product', () => {
  let t: TestApp;
  let operations: [string, Operation][];
  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(
        ([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation],
      ),
    );
  });
  afterAll(() => t?.close());

  it('gives every operation a unique operationId, tags and its security', () => {
    expect(operations.length).toBeGreaterThan(60);
    const ids = operations.map(([, op]) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [name, op] of operations) {
      expect(op.tags?.length, name).toBeGreaterThan(0);
      expect(Array.isArray(op.security), name).toBe(true);
    }
    const byName = Object.fromEntries(operations);
    expect(byName['POST /api/v1/rug/add-offer/{id}']!.security).toEqual([{ bearerAuth: [] }]);
    expect(byName['POST /api/v1/auth/register']!.security).toEqual([]);
    expect(byName['GET /api/v1/admin/users']!.security).toEqual([{ bearerAuth: [] }]);
    expect(byName['GET /api/v1/rug/{id}/bids']!.security).toEqual([{ bearerAuth: [] }, {}]);
  });

  it('describes every error answer with the shared error schema (or one that extends it)', () => {
    for (const [name, op] of operations) {
      for (const [code, answer] of Object.entries(op.responses)) {
        if (!/^[45]/.test(code) || name.includes('/health')) continue;
        const ref = answer.content?.['application/json']?.schema.$ref;
        expect(
          [
            '#/components/schemas/ErrorResponse',
            '#/components/schemas/BidRefusal',
            '#/components/schemas/OtpRequiredResponse',
          ],
          `${name} ${code}`,
        ).toContain(ref);
      }
    }
  });

  it('derives ids from method and path, so renaming a handler never changes them', () => {
    expect(operationIdFor('GET', '/api/v1/rug/:id/bids')).toBe('getRugBidsById');
    expect(operationIdFor('POST', '/api/v1/admin/orders/{id}/second-chance')).toBe(
      'postAdminOrdersSecondChanceById',
    );
    expect(operationIdFor('GET', '/api/health/ready')).toBe('getHealthReady');
  });
});
