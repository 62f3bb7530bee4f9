import { describe, expect, it } from 'vitest';
import { translate } from '../../src/locales/index.ts';
import { maskPhone, splitPhoneFailures } from '../../src/pages/designer/self-information-phone.ts';

const t = (key: Parameters<typeof translate>[1]) => translate('zh-CN', key);

describe('§ issue 4 item 6: the phone of self information', () => {
  it('masks a mobile number as 138****0001 and leaves anything else alone', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('')).toBe('');
    expect(maskPhone('021-62345678')).toBe('021-62345678');
  });

  it('sends a failure on the old code to step one and the rest to step two, notes translated', () => {
    const { current, next } = splitPhoneFailures(
      [
        { name: ['oldCode'], errors: ['验证码错误或已过期'] },
        { name: ['phone'], errors: ['this is already your phone'] },
        { name: ['code'], errors: ['验证码错误或已过期'] },
      ],
      t,
    );
    expect(current).toEqual([{ name: ['oldCode'], errors: ['验证码错误或已过期'] }]);
    expect(next).toEqual([
      { name: ['phone'], errors: ['这已经是你的手机号'] },
      { name: ['code'], errors: ['验证码错误或已过期'] },
    ]);
  });
});
