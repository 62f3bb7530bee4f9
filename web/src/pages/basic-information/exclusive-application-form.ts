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
    portfolio: prefill.portfolio.length > 0 ? [...prefill.portfolio] : [''],
    statement: '',
  };
}

/** The POST body: the provider and the form's values; blank portfolio rows are dropped. */
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
