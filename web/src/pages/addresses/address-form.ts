import {
  ADDRESS_DETAIL_MAX,
  CONSIGNEE_MAX,
  loadRegions,
  type RegionOption,
  regionCascaderOptions,
  type ShopAddress,
  type ShopAddressBody,
  shopAddressBodySchema,
} from '@dc/contract';
import type { FormRule } from 'antd';
import { zodFieldRule } from '../../components/zod-rule.ts';
import type { MessageKey, Translate } from '../../locales/index.ts';

/** The address form's values: the body's fields, the region as the cascader's code path. */
export interface AddressFormValues {
  consignee: string;
  phone: string;
  region: string[];
  detail: string;
  postalCode: string;
  isDefault: boolean;
}

/** An empty form; the first address is always the default, so the switch starts on then. */
export const emptyAddressValues = (firstAddress: boolean): AddressFormValues => ({
  consignee: '',
  phone: '',
  region: [],
  detail: '',
  postalCode: '',
  isDefault: firstAddress,
});

export const addressFormValuesOf = (address: ShopAddress): AddressFormValues => ({
  consignee: address.consignee,
  phone: address.phone,
  region: [...address.region],
  detail: address.detail,
  postalCode: address.postalCode,
  isDefault: address.isDefault,
});

/**
 * The body sent for the form. On edit the default address keeps its flag (switching it off is
 * refused: another address is made the default instead), so `isDefault` goes only as `true`.
 */
export function addressBodyOf(values: AddressFormValues): ShopAddressBody {
  return {
    consignee: values.consignee.trim(),
    phone: values.phone.trim(),
    region: values.region,
    detail: values.detail.trim(),
    postalCode: values.postalCode.trim(),
    ...(values.isDefault ? { isDefault: true } : {}),
  };
}

/** `广东省 广州市 天河区`: the region path as one line; empty names (unknown codes) are skipped. */
export const regionLabel = (names: readonly string[]): string => names.filter(Boolean).join(' ');

/** The whole address on one line, as a label would print it. */
export const fullAddressLine = (address: Pick<ShopAddress, 'regionNames' | 'detail'>): string =>
  [regionLabel(address.regionNames), address.detail].filter(Boolean).join(' ');

/** The cascader's options, once the region list (its own chunk) is loaded. */
export async function loadRegionOptions(): Promise<RegionOption[]> {
  await loadRegions();
  return regionCascaderOptions();
}

const shape = shopAddressBodySchema.shape;

/** The form's rules: "required" with its own message, then the contract's schema of the field. */
export function addressRules(
  t: Translate,
): Record<Exclude<keyof AddressFormValues, 'isDefault'>, FormRule[]> {
  const tooLong = (max: number) => t('shopAddress.tooLong', { max });
  const required = (key: MessageKey): FormRule => ({ required: true, whitespace: true, message: t(key) });
  return {
    consignee: [
      required('shopAddress.consigneeRequired'),
      zodFieldRule(shape.consignee, tooLong(CONSIGNEE_MAX)),
    ],
    phone: [required('shopAddress.phoneRequired'), zodFieldRule(shape.phone, t('shopAddress.phoneInvalid'))],
    region: [
      { required: true, type: 'array', message: t('shopAddress.regionRequired') },
      zodFieldRule(shape.region, t('shopAddress.regionInvalid')),
    ],
    detail: [required('shopAddress.detailRequired'), zodFieldRule(shape.detail, tooLong(ADDRESS_DETAIL_MAX))],
    postalCode: [zodFieldRule(shape.postalCode, t('shopAddress.postalCodeInvalid'))],
  };
}
