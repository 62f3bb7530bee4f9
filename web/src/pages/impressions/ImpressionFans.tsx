import type { FanRow, Impression } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { scrollToFit } from '../../components/server-table/fit-columns.ts';
import { useT } from '../../locales/index.ts';
import { fanColumns } from '../fans/FanCells.tsx';
import { fetchImpressionFans, impressionKeys } from './service.ts';

const PAGE_SIZE = 10;

/**
 * The fans carrying the chosen word, paged by the server, each linking to the fan's detail: the
 * fan list's own columns, scrolling inside the card on a phone with the fan kept in view.
 */
export function ImpressionFans({ impression }: { impression: Impression }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const fans = useQuery({
    queryKey: impressionKeys.fans(impression.id, page),
    queryFn: ({ signal }) => fetchImpressionFans(impression.id, page, PAGE_SIZE, signal),
  });
  const { fan, gender, source, followedAt } = fanColumns(t);
  const columns: TableColumnsType<FanRow> = [fan, gender, source, followedAt];
  return (
    <Card title={t('impressions.fansOf', { word: impression.word })} data-testid="impression-fans">
      <Table<FanRow>
        rowKey="id"
        size="small"
        loading={fans.isPending}
        dataSource={fans.data?.dataList ?? []}
        locale={{ emptyText: <Empty description={t('impressions.noFans')} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: fans.data?.totalNumber ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={columns}
        scroll={scrollToFit(columns)}
      />
    </Card>
  );
}
