import { type IncomeBucketRow, type IncomeListType, incomeListTypeValues } from '@dc/contract';
import { Result, Table, type TableColumnsType, Typography } from 'antd';
import { useParams } from 'react-router';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { BucketAnalysisList, type BucketSort } from './BucketAnalysisList.tsx';
import { isDateType } from './BucketToolbar.tsx';
import { periodQueryOf } from './period.ts';
import { fetchIncome, incomePath } from './service.ts';
import { useAnalysisList } from './use-analysis-list.ts';

const isIncomeType = (value: string | undefined): value is IncomeListType =>
  (incomeListTypeValues as readonly string[]).includes(value ?? '');

/** income-analysis-list/{type}/{dateType}: income of a source per day, week, month or year. */
export default function IncomeAnalysisListPage() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { type, dateType } = useParams();
  const valid = isIncomeType(type) && isDateType(dateType);
  const source = useAnalysisList({
    path: valid ? incomePath(type, dateType) : null,
    sortBy: 'bucket' as BucketSort,
    filter: periodQueryOf,
    fetch: fetchIncome,
    enabled: valid,
  });
  const { table, list } = source;
  if (!valid) return <Result status="404" title={t('analytics.empty')} />;
  const money = (value: number) => formatFen(value, language);
  const columns: TableColumnsType<IncomeBucketRow> = [
    { key: 'gross', dataIndex: 'gross', title: t('analytics.income.gross'), align: 'right', render: money },
    { key: 'fee', dataIndex: 'fee', title: t('analytics.income.fee'), align: 'right', render: money },
    {
      key: 'amount',
      dataIndex: 'net',
      title: t('analytics.income.net'),
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrderOf('amount'),
      render: money,
    },
    {
      key: 'count',
      dataIndex: 'entries',
      title: t('analytics.income.entries'),
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrderOf('count'),
    },
  ];
  return (
    <BucketAnalysisList<IncomeListType, IncomeBucketRow>
      list="income"
      title={`${t('analytics.income.title')} · ${t(`analytics.income.type.${type}`)}`}
      types={incomeListTypeValues}
      type={type}
      typeLabel={(value) => t(`analytics.income.type.${value}`)}
      dateType={dateType}
      source={source}
      columns={columns}
      summary={() =>
        list.data && list.data.totalNumber > 0 ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              <Typography.Text strong>
                {t('analytics.total', { count: list.data.totals.count })}
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <Typography.Text strong data-testid="income-total">
                {money(list.data.totals.amount)}
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} />
          </Table.Summary.Row>
        ) : null
      }
      testId="income-table"
    />
  );
}
