import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { fetchImpressionOverview, impressionKeys } from './service.ts';

/** A multiple picker over the designer's impression words (searchable), most carried first. */
export function ImpressionSelect(props: Omit<SelectProps<number[]>, 'options' | 'mode'>) {
  const overview = useQuery({
    queryKey: impressionKeys.overview,
    queryFn: ({ signal }) => fetchImpressionOverview(signal),
  });
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      loading={overview.isPending}
      options={overview.data?.impressions.map((item) => ({ value: item.id, label: item.word }))}
      {...props}
    />
  );
}
