import { loadRegions, type ShopAddress } from '@dc/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodValidatorRule } from '../../src/components/zod-rule.ts';
import { translate } from '../../src/locales/index.ts';
import {
  addressBodyOf,
  addressFormValuesOf,
  addressRules,
  emptyAddressValues,
  fullAddressLine,
  loadRegionOptions,
  regionLabel,
} from '../../src/pages/addresses/address-form.ts';

const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate('en-US', key, values);

const address: ShopAddress = {
  id: 7,
  consignee: '王师傅',
  phone: '13812345678',
  region: ['440000', '440100', '440106'],
  regionNames: ['广东省', '广州市', '天河区'],
  detail: '天河路 385 号',
  postalCode: '510620',
  isDefault: true,
  createdAt: '2025-01-02 10:00:00',
  updatedAt: '2025-01-02 10:00:00',
};

/** Runs the schema rule (the last of a field's rules) the way antd would. */
async function check(rule: unknown, value: unknown): Promise<string | undefined> {
  try {
    await (rule as ZodValidatorRule).validator({}, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('§ issue 4 item 9: the shop address form', () => {
  beforeAll(() => loadRegions());

  it('prints the region path and the whole address on one line', () => {
    expect(regionLabel(['广东省', '广州市', '天河区'])).toBe('广东省 广州市 天河区');
    expect(regionLabel(['广东省', '', '天河区'])).toBe('广东省 天河区');
    expect(fullAddressLine(address)).toBe('广东省 广州市 天河区 天河路 385 号');
  });

  it('fills the form from an address and sends it back trimmed, the default flag only as true', () => {
    const values = addressFormValuesOf(address);
    expect(values.region).toEqual(address.region);
    expect(values.region).not.toBe(address.region);
    expect(addressBodyOf({ ...values, consignee: '  王师傅 ', detail: ' 天河路 385 号 ' })).toEqual({
      consignee: '王师傅',
      phone: '13812345678',
      region: ['440000', '440100', '440106'],
      detail: '天河路 385 号',
      postalCode: '510620',
      isDefault: true,
    });
    expect(addressBodyOf({ ...values, isDefault: false })).not.toHaveProperty('isDefault');
  });

  it('a first address starts as the default', () => {
    expect(emptyAddressValues(true).isDefault).toBe(true);
    expect(emptyAddressValues(false).isDefault).toBe(false);
  });

  it('checks each field with the contract schema, in the user language', async () => {
    const rules = addressRules(t);
    expect(await check(rules.region.at(-1), ['440000', '440100', '440106'])).toBeUndefined();
    expect(await check(rules.region.at(-1), ['440000', '310100', '310106'])).toBe(
      'Choose a province, a city and a district',
    );
    expect(await check(rules.phone.at(-1), '021-62345678')).toBeUndefined();
    expect(await check(rules.phone.at(-1), '12345')).toBe(
      'Enter a mobile number, or a landline with its area code (021-12345678)',
    );
    expect(await check(rules.postalCode.at(-1), '51062')).toBe('A postal code has 6 digits');
    expect(await check(rules.postalCode.at(-1), '')).toBeUndefined();
    expect(await check(rules.consignee.at(-1), 'x'.repeat(33))).toBe('At most 32 characters');
  });

  it('builds the cascader from the shipped region list', async () => {
    const options = await loadRegionOptions();
    const guangdong = options.find((option) => option.value === '440000');
    expect(guangdong?.label).toBe('广东省');
    const guangzhou = guangdong?.children?.find((option) => option.value === '440100');
    expect(guangzhou?.children?.some((district) => district.label === '天河区')).toBe(true);
  });
});
