import { contractCreateBodySchema } from '@dc/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  type ContractFormValues,
  contractBodyOf,
  contractCreateSteps,
  fenToYuanText,
  stepOfField,
  yuanToFen,
} from '../../src/pages/contracts/contract-form.ts';

const values: ContractFormValues = {
  title: '  2026 春夏系列设计服务合同 ',
  type: 0,
  period: [dayjs('2026-03-01'), dayjs('2026-08-31')],
  remark: '',
  providerId: 3,
  parentId: 9,
  direction: 1,
  amount: '12345.6',
  attachments: [{ name: ' 合同.pdf ', url: 'https://cdn.example.com/contract.pdf' }],
};

describe('contract step form: yuan as typed to integer fen', () => {
  it('converts by the digits, never through a float', () => {
    expect(yuanToFen('0')).toBe(0);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('1234.56')).toBe(123456);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen(1000)).toBe(100000);
    expect(yuanToFen('1000000000.00')).toBe(100_000_000_000);
  });

  it('refuses negatives, three decimals and text', () => {
    expect(yuanToFen('-1')).toBeUndefined();
    expect(yuanToFen('1.234')).toBeUndefined();
    expect(yuanToFen('12a')).toBeUndefined();
    expect(yuanToFen('')).toBeUndefined();
    expect(yuanToFen(null)).toBeUndefined();
  });

  it('shows fen back as yuan text', () => {
    expect(fenToYuanText(123450)).toBe('1234.50');
    expect(fenToYuanText(5)).toBe('0.05');
  });
});

describe('contract step form: the body assembled from every step', () => {
  it('a main contract sends no parent, trimmed text, fen and wire dates, and passes the contract schema', () => {
    const body = contractBodyOf(values);
    expect(body).toEqual({
      title: '2026 春夏系列设计服务合同',
      providerId: 3,
      type: 0,
      direction: 1,
      amount: 1234560,
      startDate: '2026-03-01',
      endDate: '2026-08-31',
      attachments: [{ name: '合同.pdf', url: 'https://cdn.example.com/contract.pdf' }],
      remark: '',
    });
    expect(contractCreateBodySchema.safeParse(body).success).toBe(true);
  });

  it('a supplement names its main contract', () => {
    const body = contractBodyOf({ ...values, type: 2 });
    expect(body.parentId).toBe(9);
    expect(contractCreateBodySchema.safeParse(body).success).toBe(true);
  });

  it('a server error on a body field opens the step that shows it', () => {
    expect(stepOfField('title')).toBe(0);
    expect(stepOfField('endDate')).toBe(0);
    expect(stepOfField('parentId')).toBe(1);
    expect(stepOfField('amount')).toBe(1);
    expect(stepOfField('attachments')).toBe(2);
    expect(stepOfField('nonsense')).toBe(0);
    expect(contractCreateSteps).toHaveLength(4);
  });
});
