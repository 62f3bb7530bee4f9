import { type ApplicationDetail, exclusiveApplicationBodySchema, loadRegions } from '@dc/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applicationBodyOf,
  applicationFormValuesOf,
  movedPiece,
  pictureTypesLabel,
  portfolioFileProblem,
  portfolioOnOneField,
} from '../../src/pages/exclusive/exclusive-application-form.ts';
import { providerFromSearch, searchForTab, tabFromSearch } from '../../src/pages/exclusive/exclusive-tabs.ts';

const prefill = { realName: '林晓', phone: '13800000009', portfolio: ['https://cdn.example.com/1.jpg'] };

const rejected: ApplicationDetail = {
  id: 4,
  providerId: 2,
  providerName: '素织 Linen Lab',
  status: 'rejected',
  rejectReason: '作品集不足',
  realName: '林晓',
  idType: 'id_card',
  idNumberMasked: '1101**********0019',
  bankName: '招商银行',
  accountNumberMasked: '**** 5678',
  attempt: 1,
  submittedAt: '2026-03-01 10:00:00',
  reviewedAt: '2026-03-02 10:00:00',
  idNumber: '11010519491231002X',
  phone: '13800000009',
  bankCode: 'CMB',
  bankProvince: '440000',
  bankProvinceName: '广东省',
  bankCity: '440100',
  bankCityName: '广州市',
  bankBranch: '天河支行',
  accountName: '林晓',
  accountNumber: '6225880212345678',
  portfolio: ['https://cdn.example.com/a.jpg'],
  statement: 'Ten years of tailoring.',
};

describe('§7 exclusive application form', () => {
  // The schema checks the bank city against the region list, loaded on demand.
  beforeAll(() => loadRegions());

  it('a first application starts from the profile: real name also as the account holder, the phone, the portfolio', () => {
    const values = applicationFormValuesOf(prefill, null);
    expect(values).toMatchObject({
      realName: '林晓',
      accountName: '林晓',
      phone: '13800000009',
      idType: 'id_card',
      portfolio: ['https://cdn.example.com/1.jpg'],
    });
    expect(applicationFormValuesOf({ ...prefill, portfolio: [] }, null).portfolio).toEqual([]);
  });

  it('after a rejection the form is prefilled with the application as it was sent', () => {
    const values = applicationFormValuesOf(prefill, rejected);
    expect(values.idNumber).toBe('11010519491231002X');
    expect(values.bankCity).toBe('440100');
    expect(values.statement).toBe('Ten years of tailoring.');
  });

  it('the body carries the provider, drops blank portfolio rows, strips spaces from the card number and passes the contract schema', () => {
    const values = applicationFormValuesOf(prefill, rejected);
    const body = applicationBodyOf(2, {
      ...values,
      accountNumber: '6225 8802 1234 5678',
      portfolio: ['https://cdn.example.com/a.jpg', '  '],
      idNumber: '11010519491231002x',
    });
    expect(body.providerId).toBe(2);
    expect(body.portfolio).toEqual(['https://cdn.example.com/a.jpg']);
    expect(body.accountNumber).toBe('6225880212345678');
    expect(body.idNumber).toBe('11010519491231002X');
    expect(exclusiveApplicationBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('专属设计师 tabs in the address bar', () => {
  it('reads the tab, defaulting to the application', () => {
    expect(tabFromSearch(new URLSearchParams('tab=contracts'))).toBe('contracts');
    expect(tabFromSearch(new URLSearchParams('tab=nope'))).toBe('application');
    expect(tabFromSearch(new URLSearchParams())).toBe('application');
  });

  it('switching tabs leaves the other tab’s filters behind', () => {
    expect(searchForTab('providers').toString()).toBe('tab=providers');
    expect(searchForTab('application').toString()).toBe('');
    expect(searchForTab('application', { provider: '3' }).toString()).toBe('provider=3');
  });

  it('reads the chosen provider only as a positive integer', () => {
    expect(providerFromSearch(new URLSearchParams('provider=3'))).toBe(3);
    expect(providerFromSearch(new URLSearchParams('provider=0'))).toBeUndefined();
    expect(providerFromSearch(new URLSearchParams('provider=x'))).toBeUndefined();
  });
});

describe('issue 4: portfolio pictures are uploaded, with limits', () => {
  const accept = ['image/jpeg', 'image/png', 'image/webp'];
  const MB = 1024 * 1024;

  it('a chosen file must be an accepted picture type and at most the size limit', () => {
    expect(portfolioFileProblem({ type: 'image/png', size: 10 * MB }, accept, 10)).toBeUndefined();
    expect(portfolioFileProblem({ type: 'image/png', size: 10 * MB + 1 }, accept, 10)).toBe('size');
    expect(portfolioFileProblem({ type: 'image/gif', size: 100 }, accept, 10)).toBe('type');
    expect(portfolioFileProblem({ type: 'application/pdf', size: 100 }, accept, 10)).toBe('type');
    expect(portfolioFileProblem({ type: '', size: 100 }, accept, 10)).toBe('type');
  });

  it('names the accepted types as a designer knows them', () => {
    expect(pictureTypesLabel(accept)).toBe('JPG / PNG / WebP');
    expect(pictureTypesLabel(['image/avif'])).toBe('AVIF');
  });

  it('moves a piece one place earlier or later, never past either end', () => {
    expect(movedPiece(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movedPiece(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(movedPiece(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movedPiece(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('a piece the server refuses (portfolio.N) is said on the portfolio field, by its place', () => {
    const fields = [
      { name: ['portfolio', '1'], errors: ['no such image of yours'] },
      { name: ['statement'], errors: ['too short'] },
      { name: ['portfolio', '3'], errors: ['must be an image uploaded through the image upload'] },
    ];
    expect(portfolioOnOneField(fields, (index) => `piece ${index}`)).toEqual([
      { name: ['statement'], errors: ['too short'] },
      { name: ['portfolio'], errors: ['piece 2', 'piece 4'] },
    ]);
    expect(portfolioOnOneField([{ name: ['realName'], errors: ['x'] }], String)).toEqual([
      { name: ['realName'], errors: ['x'] },
    ]);
  });
});
