import type { TagOverview } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps, Tag } from 'antd';
import { tagTextColor } from '../../components/ColorTag.tsx';
import { fetchTagOverview, tagKeys } from '../tags/service.ts';

/** The options of a tag picker, grouped by classification. */
export function tagOptions(overview: TagOverview | undefined): SelectProps['options'] {
  if (!overview) return [];
  return overview.classifications.map((c) => ({
    label: c.name,
    title: c.name,
    options: overview.tags
      .filter((tag) => tag.classificationId === c.id)
      .map((tag) => ({ value: tag.id, label: tag.name, color: tag.color })),
  }));
}

/** A multiple tag picker over the designer's tags (grouped, searchable, coloured chips). */
export function FanTagSelect(props: Omit<SelectProps<number[]>, 'options' | 'mode'>) {
  const overview = useQuery({
    queryKey: tagKeys.overview,
    queryFn: ({ signal }) => fetchTagOverview(signal),
  });
  const colorOf = new Map(overview.data?.tags.map((tag) => [tag.id, tag.color]));
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      loading={overview.isPending}
      options={tagOptions(overview.data)}
      tagRender={({ label, value, closable, onClose }) => {
        const color = colorOf.get(Number(value));
        return (
          <Tag
            color={color}
            closable={closable}
            onClose={onClose}
            style={{ marginInlineEnd: 4, ...(color ? { color: tagTextColor(color) } : {}) }}
          >
            {label}
          </Tag>
        );
      }}
      {...props}
    />
  );
}
