import type { PackOverlap } from '@dc/contract';
import { Empty, Table, Typography } from 'antd';
import { useT } from '../../locales/index.ts';

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
  return (
    <Table<Row>
      size="small"
      rowKey="id"
      loading={loading}
      pagination={false}
      scroll={{ x: true }}
      data-testid="pack-overlap"
      dataSource={packs}
      columns={[
        { key: 'name', title: '', render: (_, row) => <Typography.Text strong>{row.name}</Typography.Text> },
        ...packs.map((column) => ({
          key: String(column.id),
          title: column.name,
          align: 'right' as const,
          render: (_: unknown, row: Row) =>
            row.id === column.id ? (
              <Typography.Text type="secondary">{row.size.toLocaleString()}</Typography.Text>
            ) : (
              (both.get(`${row.id}:${column.id}`) ?? 0).toLocaleString()
            ),
        })),
      ]}
    />
  );
}
