import { notificationStatusFilters, notificationTypes } from '@dc/contract';
import { Checkbox, Flex, Segmented, Select } from 'antd';
import { statusFilterLabels, typeLabels } from '../../components/notifications/labels.ts';
import { useT } from '../../locales/index.ts';
import type { ListFilter } from './filters.ts';

/** Read state, type and "collected only"; any change starts again from page 1. */
export function NotificationFilters({
  filter,
  onChange,
}: {
  filter: ListFilter;
  onChange: (next: ListFilter) => void;
}) {
  const t = useT();
  const change = (patch: Partial<ListFilter>) => onChange({ ...filter, ...patch, page: 1 });
  return (
    <Flex wrap align="center" gap={16}>
      <Segmented
        aria-label={t('notifications.filterStatus')}
        value={filter.status}
        options={notificationStatusFilters.map((status) => ({
          value: status,
          label: t(statusFilterLabels[status]),
        }))}
        onChange={(status) => change({ status })}
      />
      <Select
        aria-label={t('notifications.filterType')}
        style={{ width: 160 }}
        allowClear
        placeholder={t('notifications.allTypes')}
        value={filter.type}
        options={notificationTypes.map((type) => ({ value: type, label: t(typeLabels[type]) }))}
        onChange={(type) => change({ type })}
      />
      <Checkbox
        checked={filter.collected === true}
        onChange={(event) => change({ collected: event.target.checked ? true : undefined })}
      >
        {t('notifications.collectedOnly')}
      </Checkbox>
    </Flex>
  );
}
