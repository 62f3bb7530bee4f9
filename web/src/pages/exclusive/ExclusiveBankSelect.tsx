import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../locales/index.ts';
import { exclusiveKeys, fetchBanks } from './exclusive-service.ts';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The bank picker: the server searches the banks (getBanks `keyword`, debounced); the chosen
 * bank keeps its name even when a search no longer lists it.
 */
export function ExclusiveBankSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value?: string;
  onChange?: (code: string) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const banks = useQuery({
    queryKey: exclusiveKeys.banks(keyword),
    queryFn: ({ signal }) => fetchBanks(keyword, signal),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Every bank, for the chosen one's name (the list is small and never changes while open).
  const all = useQuery({
    queryKey: exclusiveKeys.banks(''),
    queryFn: ({ signal }) => fetchBanks('', signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const listed = banks.data?.dataList ?? [];
  const chosen = all.data?.dataList.find((bank) => bank.code === value);
  const options = [...listed, ...(chosen && !listed.some((b) => b.code === chosen.code) ? [chosen] : [])];
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      showSearch={{
        filterOption: false,
        searchValue: typed,
        onSearch: setTyped,
      }}
      onBlur={() => setTyped('')}
      loading={banks.isFetching}
      placeholder={t('exclusive.form.bankPlaceholder')}
      notFoundContent={banks.isFetching ? undefined : null}
      options={options.map((bank) => ({ value: bank.code, label: `${bank.name}（${bank.code}）` }))}
    />
  );
}
