import { sql } from 'drizzle-orm';
import { bPicture } from './b-picture.ts';
import { type CaseTable, elsewhere, foreign, notTenant, own, REFUSED_BODY_IDS } from './cases.ts';

const address = {
  consignee: '乙方收件人',
  phone: '13900000009',
  region: ['310000', '310100', '310104'],
  detail: '乙方路 1 号',
  postalCode: '200030',
};

/** 通知, 专属设计师, 设计师合伙人, 合同, 店铺地址. */
export const basicInformationCases: CaseTable = {
  'GET /notifications': own(),
  'GET /notifications/unread-count': own(),
  'POST /notifications/read-all': own(),
  'POST /notifications/{id}/read': foreign(async (x) => ({ params: { id: await x.aId('notifications') } })),
  'POST /notifications/{id}/collect': foreign(async (x) => ({
    params: { id: await x.aId('notifications') },
    payload: { collected: true },
  })),
  'DELETE /notifications/{id}': foreign(async (x) => ({ params: { id: await x.aId('notifications') } })),
  'POST /notifications/stream-ticket': notTenant('a ticket of the caller’s own session, for its own stream'),
  'GET /notifications/stream': elsewhere(
    'server/test/notifications.test.ts › DESIGN tenancy: a stream hears only its own designer’s notifications; server/test/security/authentication/stream-ticket.test.ts',
  ),

  'GET /getApplysubInfo': own(),
  'GET /getBanks': notTenant('the bank catalogue, the same for every designer'),
  'GET /getBankCitys': notTenant('the province → city catalogue of bank branches'),
  'GET /yiDesigner/applysubDetail': own(async (x) => ({
    query: {
      provider_id: String(
        await x.first(sql`select provider_id as id from exclusive_applications
      where designer_id = ${x.tenants.a.id} order by id limit 1`),
      ),
    },
  })),
  'GET /exclusive-applications': own(),
  'POST /exclusive-applications': own(
    async (x) => ({
      payload: {
        providerId: await x.first(sql`select provider_id as id from exclusive_applications
          where designer_id = ${x.tenants.a.id} order by id limit 1`),
        realName: '乙方',
        idType: 'passport',
        idNumber: 'E12345678',
        phone: '13900000009',
        bankCode: 'ICBC',
        bankProvince: '310000',
        bankCity: '310100',
        bankBranch: '上海分行',
        accountName: '乙方',
        accountNumber: '6222020200000000',
        // B's own upload, so the request passes its checks and reaches A's provider id.
        portfolio: [await bPicture(x)],
        statement: '乙方的申请陈述，足够长。',
      },
    }),
    [200, 40000, 40900],
  ),
  'GET /providers': own(),
  // B collects (and un-collects) a provider A collected: only B's own collection changes.
  'POST /providers/{id}/collect': own(async (x) => ({
    params: {
      id: await x.first(sql`select provider_id as id from provider_collections
      where designer_id = ${x.tenants.a.id} order by provider_id limit 1`),
    },
  })),
  'DELETE /providers/{id}/collect': own(async (x) => ({
    params: {
      id: await x.first(sql`select provider_id as id from provider_collections
      where designer_id = ${x.tenants.a.id} order by provider_id limit 1`),
    },
  })),

  'GET /contracts': own(),
  'GET /contracts/{id}': foreign(async (x) => ({ params: { id: await x.aId('contracts') } })),
  // A supplementary contract of B under A's main contract.
  'POST /contracts': foreign(
    async (x) => {
      const [parentId, providerId] = await Promise.all([
        x.aId('contracts', sql`type = 0 and parent_id is null`),
        x.first(sql`select provider_id as id from contracts where designer_id = ${x.tenants.a.id}
          and type = 0 order by id limit 1`),
      ]);
      return {
        payload: {
          title: '乙方补充协议',
          providerId,
          type: 1,
          parentId,
          direction: 0,
          amount: 100,
          startDate: '2026-03-15',
          endDate: '2026-06-15',
          attachments: [{ name: 'b.pdf', url: 'https://example.com/b.pdf' }],
        },
      };
    },
    { codes: REFUSED_BODY_IDS, control: false },
  ),

  'GET /partners': own(),
  'GET /partners/{id}/dividends': foreign(async (x) => ({
    params: { id: await x.aId('partner_companies') },
  })),
  'GET /partner-dynamics': own(
    async (x) => ({ query: { companyId: String(await x.aId('partner_companies')) } }),
    [200, 40000, 40400],
  ),

  'GET /shop-addresses': own(),
  'POST /shop-addresses': own(() => ({ payload: address })),
  'PUT /shop-addresses/{id}': foreign(async (x) => ({
    params: { id: await x.aId('shop_addresses') },
    payload: { ...address, detail: '甲方地址被改' },
  })),
  'DELETE /shop-addresses/{id}': foreign(async (x) => ({ params: { id: await x.aId('shop_addresses') } })),
  'POST /shop-addresses/{id}/default': foreign(async (x) => ({
    params: { id: await x.aId('shop_addresses', sql`not is_default`) },
  })),
};
