import {
  type Dividend,
  type DividendListQuery,
  type DividendState,
  dividendStateLabels,
  dividendStates,
  formatRatio,
  type PartnerCompany,
} from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Card,
  DatePicker,
  Empty,
  Flex,
  Segmented,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { formatFen } from '../../components/money.ts';
import { ONE_LINE } from '../../components/server-table/fit-columns.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { PartnerDividendChart } from './PartnerDividendChart.tsx';
import { sumDividends } from './partner-dividends.ts';
import { fetchDividends, partnerKeys } from './partner-service.ts';

const PAGE_SIZE = 12;
type StateFilter = DividendState | 'all';

/** One company's dividends: chart by period, filters, the table with the page's and all totals. */
export function PartnerDividends({ company }: { company: PartnerCompany }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [state, setState] = useState<StateFilter>('all');
  const [range, setRange] = useState<[string, string] | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const query: DividendListQuery = {
    page,
    pageSize,
    ...(state !== 'all' ? { state } : {}),
    ...(range ? { periodFrom: range[0], periodTo: range[1] } : {}),
  };
  const list = useQuery({
    queryKey: partnerKeys.dividends(company.id, query),
    queryFn: ({ signal }) => fetchDividends(company.id, query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.dataList ?? [];
  const pageSum = sumDividends(rows);
  const totals = list.data?.totals;
  const money = (fen: number) => formatFen(fen, language);
  const filtered = state !== 'all' || range !== undefined;

  const columns: TableColumnsType<Dividend> = [
    { key: 'period', dataIndex: 'period', title: t('partner.dividends.period'), width: 110 },
    {
      key: 'revenue',
      title: t('partner.dividends.revenue'),
      align: 'right',
      render: (_, row) => money(row.revenue),
    },
    {
      key: 'ratio',
      title: t('partner.dividends.ratio'),
      align: 'right',
      width: 110,
      render: (_, row) => formatRatio(row.ratio),
    },
    {
      key: 'amount',
      title: t('partner.dividends.amount'),
      align: 'right',
      render: (_, row) => <span data-testid="dividend-amount">{money(row.amount)}</span>,
    },
    {
      key: 'state',
      title: t('partner.dividends.state'),
      width: 100,
      render: (_, row) => (
        <Tag color={row.state === 'paid' ? 'success' : 'warning'} style={{ margin: 0 }}>
          {dividendStateLabels[row.state][language]}
        </Tag>
      ),
    },
    {
      key: 'paidAt',
      title: t('partner.dividends.paidAt'),
      width: 160,
      ...ONE_LINE,
      render: (_, row) => row.paidAt ?? '—',
    },
  ];

  return (
    <Card title={t('partner.dividends.title', { name: company.name })}>
      <Flex vertical gap={16}>
        <PartnerDividendChart company={company} />
        <Flex wrap gap={12} align="center">
          <Segmented<StateFilter>
            aria-label={t('partner.dividends.filterState')}
            value={state}
            onChange={(value) => {
              setState(value);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('partner.dividends.allStates') },
              ...dividendStates.map((value) => ({ value, label: dividendStateLabels[value][language] })),
            ]}
          />
          <DatePicker.RangePicker
            picker="month"
            aria-label={t('partner.dividends.periodRange')}
            value={range ? [dayjs(`${range[0]}-01`), dayjs(`${range[1]}-01`)] : null}
            onChange={(value) => {
              const [from, to] = value ?? [];
              setRange(from && to ? [from.format('YYYY-MM'), to.format('YYYY-MM')] : undefined);
              setPage(1);
            }}
          />
        </Flex>
        {list.isError ? (
          <LoadFailed onRetry={list.refetch} />
        ) : (
          <Table<Dividend>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={list.isPending || list.isPlaceholderData}
            scroll={{ x: 660 }}
            data-testid="dividend-table"
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={filtered ? t('partner.dividends.emptyFiltered') : t('partner.dividends.empty')}
                />
              ),
            }}
            pagination={{
              current: page,
              pageSize,
              total: list.data?.totalNumber ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [12, 24, 48],
              showTotal: (total) => t('partner.dividends.count', { total }),
              onChange: (nextPage, nextSize) => {
                setPage(nextSize === pageSize ? nextPage : 1);
                setPageSize(nextSize);
              },
            }}
            summary={() =>
              rows.length === 0 || !totals ? null : (
                <Table.Summary>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>{t('partner.dividends.pageTotal')}</Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      {money(pageSum.revenue)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} />
                    <Table.Summary.Cell index={3} align="right">
                      <span data-testid="dividend-page-total">{money(pageSum.amount)}</span>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4} colSpan={2} />
                  </Table.Summary.Row>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>
                      <Typography.Text strong>{t('partner.dividends.total')}</Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      <Typography.Text strong>{money(totals.revenue)}</Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} />
                    <Table.Summary.Cell index={3} align="right">
                      <Typography.Text strong data-testid="dividend-total">
                        {money(totals.amount)}
                      </Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4} colSpan={2}>
                      <Typography.Text type="secondary">
                        {t('partner.dividends.totalDetail', {
                          paid: money(totals.paid),
                          pending: money(totals.pending),
                        })}
                      </Typography.Text>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                </Table.Summary>
              )
            }
          />
        )}
      </Flex>
    </Card>
  );
}
