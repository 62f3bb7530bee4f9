import {
  type ContractAttachment,
  type ContractCreateBody,
  ContractType,
  type ContractTypeValue,
  type DirectionValue,
} from '@dc/contract';
import type { Dayjs } from 'dayjs';
import type { MessageKey } from '../../locales/index.ts';

/** The create form's values as antd holds them across the steps. */
export interface ContractFormValues {
  title: string;
  type: ContractTypeValue;
  period: [Dayjs, Dayjs] | null | undefined;
  remark: string | undefined;
  providerId: number | undefined;
  parentId: number | null | undefined;
  direction: DirectionValue;
  /** Yuan as typed (InputNumber in string mode), converted to fen only when sent. */
  amount: string | number | null | undefined;
  attachments: Partial<ContractAttachment>[] | undefined;
}

export type ContractFormField = keyof ContractFormValues;

/** The steps of the form and the fields each one checks before the next. */
export const contractCreateSteps: readonly { title: MessageKey; fields: readonly ContractFormField[] }[] = [
  { title: 'contract.form.step.basic', fields: ['title', 'type', 'period', 'remark'] },
  { title: 'contract.form.step.parties', fields: ['providerId', 'parentId', 'direction', 'amount'] },
  { title: 'contract.form.step.attachments', fields: ['attachments'] },
  { title: 'contract.form.step.confirm', fields: [] },
];

/** Where the server names a field of the body, the step that shows it (for a 40000 on submit). */
export function stepOfField(field: string): number {
  const formField = field === 'startDate' || field === 'endDate' ? 'period' : field;
  const index = contractCreateSteps.findIndex((step) =>
    (step.fields as readonly string[]).includes(formField),
  );
  return index === -1 ? 0 : index;
}

/**
 * Yuan as typed ('1234.5') to integer fen (123450), by the digits, never through a float.
 * Undefined for anything that is not a non-negative amount with at most two decimals.
 */
export function yuanToFen(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return undefined;
  const [, whole = '', decimals = ''] = match;
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : undefined;
}

/** Integer fen as the amount field shows it: 123450 → '1234.50'. */
export function fenToYuanText(fen: number): string {
  return `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** The POST body from the form's values (all steps); a main contract sends no parent. */
export function contractBodyOf(values: ContractFormValues): ContractCreateBody {
  const [start, end] = values.period ?? [];
  const isMain = values.type === ContractType.main;
  return {
    title: values.title?.trim() ?? '',
    providerId: values.providerId ?? 0,
    type: values.type,
    ...(isMain ? {} : { parentId: values.parentId ?? null }),
    direction: values.direction,
    amount: yuanToFen(values.amount) ?? -1,
    startDate: start ? start.format('YYYY-MM-DD') : '',
    endDate: end ? end.format('YYYY-MM-DD') : '',
    attachments: (values.attachments ?? []).map((attachment) => ({
      name: attachment.name?.trim() ?? '',
      url: attachment.url?.trim() ?? '',
    })),
    remark: values.remark?.trim() ?? '',
  };
}
