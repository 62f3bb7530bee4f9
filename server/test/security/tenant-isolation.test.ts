import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, unreachableDatabase } from '../support/test-app.ts';
import { accountCases } from './isolation/account.ts';
import { analyticsCases } from './isolation/analytics.ts';
import { audienceCases } from './isolation/audience.ts';
import { basicInformationCases } from './isolation/basic-information.ts';
import { type CaseContext, type CaseRequest, type CaseTable, caseContext } from './isolation/cases.ts';
import { contentCases } from './isolation/content.ts';
import { engagementCases } from './isolation/engagement.ts';
import { looksCases } from './isolation/looks.ts';
import { vaultCases } from './isolation/vault.ts';
import { fillPath, loadOperations, type Operation } from './support/openapi.ts';
import {
  as,
  createTenants,
  distinctiveStringsOf,
  leakedStrings,
  ownedFingerprint,
  type Tenants,
} from './support/tenants.ts';

/**
 * Issue 11 item 1 / DESIGN "Identity and tenancy": every operation of the OpenAPI document is
 * called by designer B on designer A's ids (A = the seeded demo designer, data in every area), or
 * is listed with the reason it holds no tenant data. A new operation without a case fails here.
 */
const CASES: CaseTable = {
  ...accountCases,
  ...vaultCases,
  ...basicInformationCases,
  ...audienceCases,
  ...contentCases,
  ...analyticsCases,
  ...looksCases,
  ...engagementCases,
};

const operations = await (async () => {
  // The document never touches the database.
  const docs = await createTestApp({ database: unreachableDatabase() });
  try {
    return await loadOperations(docs.app);
  } finally {
    await docs.close();
  }
})();

let tenants: Tenants;
let aStrings: Set<string>;
let x: CaseContext;

beforeAll(async () => {
  tenants = await createTenants();
  aStrings = await distinctiveStringsOf(tenants);
  // B's own rows for the cases that mix B's ids with A's (merge B's tag into A's…).
  const classification = await call(
    tenants.b,
    { method: 'POST', url: '/tag-classifications' },
    { name: '乙方分类' },
  );
  const tag = await call(
    tenants.b,
    { method: 'POST', url: '/tags' },
    { classificationId: classification.id, name: '乙方标签', color: '#123456' },
  );
  x = caseContext(tenants, { tagClassification: classification.id, tag: tag.id });
}, 300_000);
afterAll(() => tenants?.t.close());

async function call(
  tenant: { token: string },
  route: { method: 'POST'; url: string },
  payload: unknown,
): Promise<{ id: number }> {
  const res = await tenants.t.app.inject(
    as(tenant, { method: route.method, url: `/designerapi/v1${route.url}`, payload: payload as object }),
  );
  if (res.statusCode !== 200) throw new Error(`setup ${route.url}: ${res.statusCode} ${res.body}`);
  return envelopeOf(res).data as { id: number };
}

const send = (tenant: { token: string }, op: Operation, request: CaseRequest) => {
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  return tenants.t.app.inject(
    as(tenant, {
      method: op.method,
      url: `${fillPath(op.path, request.params ?? {})}${query}`,
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    }),
  );
};

/** The envelope's code, or 200 for a successful non-JSON download (CSV). */
function codeOf(res: LightMyRequestResponse): number {
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode === 200 && !type.includes('json')) return 200;
  return envelopeOf(res).code;
}

describe('§ tenant isolation over every OpenAPI operation (issue 11 item 1)', () => {
  it('every operation has a case or a not-tenant reason, and every case an operation', () => {
    const keys = new Set(operations.map((op) => op.key));
    const missing = operations.filter((op) => !CASES[op.key]).map((op) => op.key);
    const stale = Object.keys(CASES).filter((key) => !keys.has(key));
    expect(missing, 'operations without an isolation case').toEqual([]);
    expect(stale, 'cases of operations that no longer exist').toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const op of operations) {
    const entry = CASES[op.key];
    if (!entry || entry.kind === 'not-tenant' || entry.kind === 'elsewhere') continue;
    it(`${op.key}: B ${entry.kind === 'own' ? 'sees only its own data' : 'is refused A’s ids'}`, async () => {
      const request = entry.build ? await entry.build(x) : {};
      const before = await ownedFingerprint(tenants.t.db, tenants.ownedTables, tenants.a.id);
      const res = await send(tenants.b, op, request);
      expect(res.statusCode, res.body).toBeLessThan(500);
      const code = codeOf(res);
      const allowed = entry.codes ?? (entry.kind === 'own' ? [200] : [40300, 40400]);
      expect(allowed, `${op.key} answered ${res.body.slice(0, 300)}`).toContain(code);
      expect(leakedStrings(res, aStrings), 'A’s data in B’s answer').toEqual([]);
      expect(await ownedFingerprint(tenants.t.db, tenants.ownedTables, tenants.a.id)).toEqual(before);
      if (entry.kind === 'foreign' && entry.control !== false) {
        const control = await send(tenants.a, op, request);
        expect([40000, 40300, 40400], `A's own request: ${control.body.slice(0, 300)}`).not.toContain(
          codeOf(control),
        );
      }
    });
  }
});
