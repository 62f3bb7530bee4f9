import { Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../locales/index.ts';

const ALL = '';

type AllOptionSelectProps<V extends string | number> = Omit<
  SelectProps<V | typeof ALL>,
  'value' | 'onChange' | 'options' | 'allowClear' | 'mode'
> & {
  value?: V | null | undefined;
  onChange?(value: V | undefined): void;
  options: ReadonlyArray<{ value: V; label: ReactNode }>;
  /** The filter's name, shown with 全部 while nothing narrows it ("状态：全部"); bare 全部 without. */
  name?: string;
};

/**
 * A list filter's single select whose first option is 全部 / All (no narrowing): the state with
 * nothing chosen reads as a choice, not an empty box. It works as a form control too.
 */
export function AllOptionSelect<V extends string | number>({
  value,
  onChange,
  options,
  name,
  ...rest
}: AllOptionSelectProps<V>) {
  const t = useT();
  const all = name ? t('common.allOf', { name }) : t('common.all');
  return (
    <Select<V | typeof ALL>
      {...rest}
      value={value ?? ALL}
      onChange={(next) => onChange?.(next === ALL ? undefined : (next as V))}
      options={[{ value: ALL, label: all }, ...options]}
    />
  );
}
