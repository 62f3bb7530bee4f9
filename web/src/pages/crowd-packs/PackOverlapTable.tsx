import type { PackOverlap } from '@dc/contract';
import { Empty, Table, type TableColumnsType, Typography } from 'antd';
import { ONE_LINE, scrollToFit } from '../../components/server-table/fit-columns.ts';
import { useT } from '../../locales/index.ts';

/** Pack names are cut with an ellipsis (the whole name on hover), so a phone shows the matrix
 * scrolling in its box instead of names broken one character per line. */
const NAME_WIDTH = 128;
const COUNT_WIDTH = 112;

/**
 * The overlap of the chosen packs before saving (issue 8 item 3): a matrix whose diagonal is each
 * pack's size and whose other cells are the fans two packs share.
 */
export function PackOverlapTable({
  overlap,
  loading,
}: {
  overlap: PackOverlap | undefined;
  loading: boolean;
}) {
  const t = useT();
  const packs = overlap?.packs ?? [];
  if (packs.length < 2) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crowdPacks.combined.overlapEmpty')} />;
  }
  const both = new Map<string, number>();
  for (const pair of overlap?.pairs ?? []) {
    both.set(`${pair.a}:${pair.b}`, pair.both);
    both.set(`${pair.b}:${pair.a}`, pair.both);
  }
  type Row = (typeof packs)[number];
  const columns: TableColumnsType<Row> = [
    {
      key: 'name',
      title: '',
      width: NAME_WIDTH,
      fixed: 'left',
      ellipsis: true,
      render: (_, row) => (
        <Typography.Text strong title={row.name}>
          {row.name}
        </Typography.Text>
      ),
    },
    ...packs.map((column) => ({
      key: String(column.id),
      title: <span title={column.name}>{column.name}</span>,
      width: COUNT_WIDTH,
      ellipsis: true,
      align: 'right' as const,
      ...ONE_LINE,
      render: (_: unknown, row: Row) =>
        row.id === column.id ? (
          <Typography.Text type="secondary">{row.size.toLocaleString()}</Typography.Text>
        ) : (
          (both.get(`${row.id}:${column.id}`) ?? 0).toLocaleString()
        ),
    })),
  ];
  return (
    <Table<Row>
      size="small"
      rowKey="id"
      loading={loading}
      pagination={false}
      scroll={scrollToFit(columns)}
      data-testid="pack-overlap"
      dataSource={packs}
      columns={columns}
    />
  );
}
