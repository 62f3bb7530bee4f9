import type { FanRow, Impression } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Empty, Flex, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../locales/index.ts';
import { fetchImpressionFans, impressionKeys } from './impression-service.ts';

const PAGE_SIZE = 10;

/** The fans carrying the chosen word, paged by the server, each linking to the fan's detail. */
export function ImpressionFans({ impression }: { impression: Impression }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const fans = useQuery({
    queryKey: impressionKeys.fans(impression.id, page),
    queryFn: ({ signal }) => fetchImpressionFans(impression.id, page, PAGE_SIZE, signal),
  });
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
        columns={[
          {
            title: t('impressions.nickname'),
            dataIndex: 'nickname',
            render: (nickname: string, fan) => (
              <Flex gap={8} align="center">
                <Avatar alt="" size="small" src={fan.avatar || undefined}>
                  {nickname.slice(0, 1)}
                </Avatar>
                <Link to={`/detail/fans-detail/${fan.id}`}>{nickname}</Link>
              </Flex>
            ),
          },
          {
            title: t('fans.column.gender'),
            dataIndex: 'gender',
            render: (gender: FanRow['gender']) => t(`fans.gender.${gender}`),
          },
          {
            title: t('fans.column.source'),
            dataIndex: 'source',
            responsive: ['md'],
            render: (source: FanRow['source']) => <Tag>{t(`fans.source.${source}`)}</Tag>,
          },
          { title: t('impressions.followedAt'), dataIndex: 'followedAt', responsive: ['lg'] },
        ]}
      />
    </Card>
  );
}
