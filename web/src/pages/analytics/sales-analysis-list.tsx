import { type DateType, type SalesBucketRow, type SalesItemType, salesItemTypeValues } from '@dc/contract';
import { Button, Result, Table, type TableColumnsType, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { BucketAnalysisList, type BucketSort } from './BucketAnalysisList.tsx';
import { isDateType } from './BucketToolbar.tsx';
import { periodQueryOf, periodSearch } from './period.ts';
import { SalesOrdersList } from './SalesOrdersList.tsx';
import { fetchSales, salesPath } from './service.ts';
import { useAnalysisList } from './use-analysis-list.ts';

const isSalesType = (value: string | undefined): value is SalesItemType =>
  (salesItemTypeValues as readonly string[]).includes(value ?? '');
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * sales-analysis-list/{type}/{dateType}/{createdAt?}: orders of courses or boutique products
 * grouped by day, week, month or year; with `createdAt`, the orders of that bucket.
 */
export default function SalesAnalysisListPage() {
  const t = useT();
  const { type, dateType, createdAt } = useParams();
  if (!isSalesType(type) || !isDateType(dateType) || (createdAt !== undefined && !DAY.test(createdAt)))
    return <Result status="404" title={t('analytics.empty')} />;
  if (createdAt) return <SalesOrdersList type={type} dateType={dateType} createdAt={createdAt} />;
  return <SalesBuckets type={type} dateType={dateType} />;
}

function SalesBuckets({ type, dateType }: { type: SalesItemType; dateType: DateType }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const navigate = useNavigate();
  const source = useAnalysisList({
    path: salesPath(type, dateType),
    sortBy: 'bucket' as BucketSort,
    filter: periodQueryOf,
    fetch: fetchSales,
  });
  const { period, table, list } = source;
  const money = (value: number) => formatFen(value, language);
  const openBucket = (row: SalesBucketRow) =>
    navigate(
      `/data/sales-analysis-list/${type}/${dateType}/${row.bucket}${periodSearch(period)}&until=${row.bucketEnd}`,
    );
  const columns: TableColumnsType<SalesBucketRow> = [
    {
      key: 'count',
      dataIndex: 'orders',
      title: t('analytics.sales.orders'),
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrderOf('count'),
    },
    { key: 'quantity', dataIndex: 'quantity', title: t('analytics.sales.quantity'), align: 'right' },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('analytics.sales.amount'),
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrderOf('amount'),
      render: money,
    },
    {
      key: 'open',
      title: t('analytics.sales.actions'),
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => openBucket(row)}>
          {t('analytics.sales.openBucket')}
        </Button>
      ),
    },
  ];
  return (
    <BucketAnalysisList<SalesItemType, SalesBucketRow>
      list="sales"
      title={`${t('analytics.sales.title')} · ${t(`analytics.sales.type.${type}`)}`}
      types={salesItemTypeValues}
      type={type}
      typeLabel={(value) => t(`analytics.sales.type.${value}`)}
      dateType={dateType}
      source={source}
      columns={columns}
      summary={() =>
        list.data && list.data.totalNumber > 0 ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>
                {t('analytics.total', { count: list.data.totalNumber })}
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Typography.Text strong>{list.data.totals.count}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} />
            <Table.Summary.Cell index={3} align="right">
              <Typography.Text strong data-testid="sales-total">
                {money(list.data.totals.amount)}
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} />
          </Table.Summary.Row>
        ) : null
      }
      testId="sales-table"
    />
  );
}
