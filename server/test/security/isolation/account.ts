import { type CaseTable, notTenant, own, REFUSED_BODY_IDS } from './cases.ts';

/** Sign-in, registration, the designer's own account and profile, menus and public helpers. */
export const accountCases: CaseTable = {
  'GET /health': notTenant('liveness probe: no session, no designer data'),
  'POST /login': notTenant('signs in: answers only the caller’s own new session'),
  'POST /logout': notTenant('ends only the session of the token it is sent with (auth.test.ts)'),
  'POST /password/reset': notTenant('phone + SMS code flow without a session; the code proves the phone'),
  'POST /sendCode': notTenant('sends a code to a phone; answers nothing about any designer'),
  'GET /dev/outbox': notTenant('operator tool answered only on the machine itself (README, sms tests)'),
  'POST /register': notTenant('creates a new designer from a phone + code; no session'),
  'POST /scan-tickets': notTenant('creates an anonymous scan ticket for the caller'),
  'GET /codePcRegister': notTenant('scan flow: polls a ticket the caller created (its 256-bit poll secret)'),
  'POST /codePcRegister': notTenant('scan flow: registers through a ticket the caller holds'),
  'GET /callback': notTenant('WeChat OAuth callback: code + state, no session'),
  'GET /scan/confirm': notTenant('the phone’s confirmation page of a ticket'),
  'POST /scan/confirm': notTenant('the phone confirms a ticket it holds'),
  'GET /image-files/{*}': notTenant(
    'a stored image by its key (128 random bits, or a demo picture): a redirect to a signed link, no session',
  ),
  'GET /menu': own(),
  'GET /account': own(),
  'GET /yiDesigner/modifyInfo': own(),
  'POST /yiDesigner/modifyInfo': own(() => ({ payload: { nickname: 'Tenant B' } })),
  'POST /yiDesigner/modifyDesc': own(() => ({ payload: { description: 'B’s own words' } })),
  // A's phone for B: refused (code wrong, or taken), never bound and never A's data.
  'POST /yiDesigner/modifyPhone': own(
    () => ({ payload: { phone: '13800000001', code: '000000' } }),
    [20002, 20004, 40000],
  ),
  'POST /yiDesigner/modifyPassword': own(
    () => ({ payload: { oldPassword: 'demo123456', password: 'another-pass-123' } }),
    [20001, 40000],
  ),
  'POST /yiDesigner/bindWechat': own(
    () => ({ payload: { ticket: 'not-a-ticket-of-anyone' } }),
    [20002, 40000, 40400, 40900],
  ),
  'POST /yiDesigner/unbindWechat': own(undefined, [200, 40400, 40900]),
  'GET /members': own(),
  'POST /yiDesigner/unbindMember': {
    kind: 'foreign',
    build: async (x) => ({ payload: { member_id: await x.aId('members') } }),
    codes: REFUSED_BODY_IDS,
  },
  'GET /audit-events': own(),
  'GET /designer-profile': own(),
  'PUT /designer-profile': own(() => ({
    payload: {
      nickname: 'Tenant B',
      avatar: '',
      realName: '',
      gender: null,
      cityCode: null,
      styles: [],
      yearsOfExperience: null,
      description: '',
      portfolio: [],
    },
  })),
};
