import type { ApplicationDetail, ApplysubInfo, ExclusiveApplicationBody, IdType } from '@dc/contract';

/** The application form's values (the body without the provider, chosen above the form). */
export interface ApplicationFormValues {
  realName: string;
  idType: IdType;
  idNumber: string;
  phone: string;
  bankCode: string | undefined;
  bankProvince: string | undefined;
  bankCity: string | undefined;
  bankBranch: string;
  accountName: string;
  accountNumber: string;
  portfolio: string[];
  statement: string;
}

/**
 * What the form starts with: after a rejection (or while pending or approved, read-only) the
 * application as it was sent; otherwise the profile's real name and portfolio and the account's
 * phone, with the account holder the real name (it must be the applicant's own account).
 */
export function applicationFormValuesOf(
  prefill: ApplysubInfo['prefill'],
  current: ApplicationDetail | null,
): ApplicationFormValues {
  if (current) {
    return {
      realName: current.realName,
      idType: current.idType,
      idNumber: current.idNumber,
      phone: current.phone,
      bankCode: current.bankCode,
      bankProvince: current.bankProvince,
      bankCity: current.bankCity,
      bankBranch: current.bankBranch,
      accountName: current.accountName,
      accountNumber: current.accountNumber,
      portfolio: [...current.portfolio],
      statement: current.statement,
    };
  }
  return {
    realName: prefill.realName,
    idType: 'id_card',
    idNumber: '',
    phone: prefill.phone,
    bankCode: undefined,
    bankProvince: undefined,
    bankCity: undefined,
    bankBranch: '',
    accountName: prefill.realName,
    accountNumber: '',
    portfolio: [...prefill.portfolio],
    statement: '',
  };
}

/** The POST body: the provider and the form's values; blank portfolio entries are dropped. */
export function applicationBodyOf(
  providerId: number,
  values: ApplicationFormValues,
): ExclusiveApplicationBody {
  return {
    providerId,
    realName: values.realName?.trim() ?? '',
    idType: values.idType,
    idNumber: values.idNumber?.trim().toUpperCase() ?? '',
    phone: values.phone?.trim() ?? '',
    bankCode: values.bankCode ?? '',
    bankProvince: values.bankProvince ?? '',
    bankCity: values.bankCity ?? '',
    bankBranch: values.bankBranch?.trim() ?? '',
    accountName: values.accountName?.trim() ?? '',
    accountNumber: values.accountNumber?.replace(/\s+/g, '') ?? '',
    portfolio: (values.portfolio ?? []).map((url) => url?.trim() ?? '').filter((url) => url !== ''),
    statement: values.statement?.trim() ?? '',
  };
}

/** Why a chosen file cannot be a portfolio piece: not one of the accepted types, or too large. */
export function portfolioFileProblem(
  file: { type: string; size: number },
  accept: readonly string[],
  maxSizeMb: number,
): 'type' | 'size' | undefined {
  if (!accept.includes(file.type)) return 'type';
  if (file.size > maxSizeMb * 1024 * 1024) return 'size';
  return undefined;
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
};

/** The accepted picture types as a designer knows them: "JPG / PNG / WebP". */
export const pictureTypesLabel = (accept: readonly string[]) =>
  accept.map((type) => TYPE_NAMES[type] ?? type.replace(/^image\//, '').toUpperCase()).join(' / ');

/** The list with the entry at `index` moved by `delta` places (unchanged at either end). */
export function movedPiece<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/**
 * The server's field failures with those of one piece (`portfolio.N`) put on the portfolio field,
 * the one the form has, said as `pieceNote(N + 1)`; other fields as they are.
 */
export function portfolioOnOneField<F extends { name?: unknown; errors?: string[] }>(
  fields: readonly F[],
  pieceNote: (index: number) => string,
): F[] {
  const others: F[] = [];
  const notes: string[] = [];
  for (const field of fields) {
    const name = Array.isArray(field.name) ? field.name.map(String) : [];
    if (name[0] === 'portfolio' && name.length === 2 && /^\d+$/.test(name[1] ?? '')) {
      notes.push(pieceNote(Number(name[1]) + 1));
    } else others.push(field);
  }
  if (notes.length === 0) return others;
  return [...others, { name: ['portfolio'], errors: notes } as F];
}
