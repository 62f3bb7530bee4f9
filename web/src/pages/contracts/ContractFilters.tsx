import { PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input } from 'antd';
import dayjs from 'dayjs';
import { AllOptionSelect } from '../../components/AllOptionSelect.tsx';
import { useLanguage, useT } from '../../locales/index.ts';
import {
  type ContractFilter,
  contractStatuses,
  contractTypes,
  directions,
  isContractFiltered,
  plainContractFilter,
} from './contract-filters.ts';
import { contractLabels } from './contract-labels.ts';

/** State, type, direction, name keyword and creation dates; any change starts again from page 1. */
export function ContractFilters({
  filter,
  onChange,
  onCreate,
}: {
  filter: ContractFilter;
  onChange: (next: ContractFilter) => void;
  onCreate: () => void;
}) {
  const t = useT();
  const labels = contractLabels(useLanguage((s) => s.language));
  const change = (patch: Partial<ContractFilter>) => onChange({ ...filter, ...patch, page: 1 });
  return (
    <Flex wrap gap={12} align="center" justify="space-between">
      <Flex wrap gap={12} align="center">
        <AllOptionSelect
          aria-label={t('contract.filter.status')}
          name={t('contract.filter.status')}
          style={{ width: 150 }}
          value={filter.status}
          onChange={(status) => change({ status })}
          options={contractStatuses.map((value) => ({ value, label: labels.status(value) }))}
          data-testid="contract-filter-status"
        />
        <AllOptionSelect
          aria-label={t('contract.filter.type')}
          name={t('contract.filter.type')}
          style={{ width: 140 }}
          value={filter.type}
          onChange={(type) => change({ type })}
          options={contractTypes.map((value) => ({ value, label: labels.type(value) }))}
        />
        <AllOptionSelect
          aria-label={t('contract.filter.direction')}
          name={t('contract.filter.direction')}
          style={{ width: 130 }}
          value={filter.direction}
          onChange={(direction) => change({ direction })}
          options={directions.map((value) => ({ value, label: labels.direction(value) }))}
        />
        <DatePicker.RangePicker
          aria-label={t('contract.filter.dateRange')}
          value={filter.dateFrom && filter.dateTo ? [dayjs(filter.dateFrom), dayjs(filter.dateTo)] : null}
          onChange={(range) =>
            change({
              dateFrom: range?.[0]?.format('YYYY-MM-DD'),
              dateTo: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
        <Input.Search
          key={filter.keyword}
          aria-label={t('contract.filter.keyword')}
          placeholder={t('contract.filter.keyword')}
          defaultValue={filter.keyword}
          allowClear
          style={{ width: 240 }}
          onSearch={(keyword) => change({ keyword: keyword.trim() })}
        />
        {isContractFiltered(filter) ? (
          <Button type="link" onClick={() => onChange({ ...plainContractFilter, pageSize: filter.pageSize })}>
            {t('contract.filter.reset')}
          </Button>
        ) : null}
      </Flex>
      <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
        {t('contract.create')}
      </Button>
    </Flex>
  );
}
