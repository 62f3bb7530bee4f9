import {
  type AnalyticsFan,
  type AnalyticsFanSort,
  type AnalyticsFanType,
  analyticsFanTypeValues,
} from '@dc/contract';
import { Avatar, Flex, Result, type TableColumnsType } from 'antd';
import { useParams } from 'react-router';
import { formatFen } from '../../components/money.ts';
import { pictureAt } from '../../components/pictures.ts';
import { type MessageKey, useLanguage, useT } from '../../locales/index.ts';
import { AnalysisTable } from './AnalysisTable.tsx';
import { ListFrame } from './ListFrame.tsx';
import { periodQueryOf } from './period.ts';
import { fansPath, fetchFans } from './service.ts';
import { useAnalysisList } from './use-analysis-list.ts';

const isFanType = (value: string | undefined): value is AnalyticsFanType =>
  (analyticsFanTypeValues as readonly string[]).includes(value ?? '');

/** fans-analysis-list/{type}: new, lost, active or all fans of the period. */
export default function FansAnalysisListPage() {
  const t = useT();
  const { type } = useParams();
  if (!isFanType(type)) return <Result status="404" title={t('analytics.empty')} />;
  return <FansList type={type} key={type} />;
}

function FansList({ type }: { type: AnalyticsFanType }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const source = useAnalysisList({
    path: fansPath(type),
    sortBy: (type === 'active' ? 'lastActiveAt' : 'followedAt') as AnalyticsFanSort,
    filter: periodQueryOf,
    fetch: fetchFans,
  });
  const { table } = source;
  const label = (prefix: string, value: string) => {
    const key = `${prefix}.${value}` as MessageKey;
    const text = t(key);
    return text === key ? value : text;
  };
  const columns: TableColumnsType<AnalyticsFan> = [
    {
      key: 'nickname',
      title: t('analytics.fans.nickname'),
      render: (_, fan) => (
        <Flex gap={8} align="center">
          <Avatar alt="" size="small" src={pictureAt(fan.avatar, 160)}>
            {fan.nickname.slice(0, 1)}
          </Avatar>
          {fan.nickname}
        </Flex>
      ),
    },
    {
      key: 'gender',
      dataIndex: 'gender',
      title: t('analytics.fans.gender'),
      render: (v: string) => label('analytics.gender', v),
    },
    {
      key: 'source',
      dataIndex: 'source',
      title: t('analytics.fans.source'),
      render: (v: string) => label('analytics.source', v),
    },
    {
      key: 'followedAt',
      dataIndex: 'followedAt',
      title: t('analytics.fans.followedAt'),
      sorter: true,
      sortOrder: table.sortOrderOf('followedAt'),
    },
    type === 'lost'
      ? { key: 'unfollowedAt', dataIndex: 'unfollowedAt', title: t('analytics.fans.unfollowedAt') }
      : {
          key: 'lastActiveAt',
          dataIndex: 'lastActiveAt',
          title: t('analytics.fans.lastActiveAt'),
          sorter: true,
          sortOrder: table.sortOrderOf('lastActiveAt'),
          render: (v: string | null) => v ?? '-',
        },
    {
      key: 'totalSpent',
      dataIndex: 'totalSpent',
      title: t('analytics.fans.totalSpent'),
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrderOf('totalSpent'),
      render: (v: number) => formatFen(v, language),
    },
    { key: 'orderCount', dataIndex: 'orderCount', title: t('analytics.fans.orderCount'), align: 'right' },
  ];
  return (
    <ListFrame title={t(`analytics.fans.title.${type}`)} {...source.frame} onPeriod={source.onPeriod}>
      <AnalysisTable<AnalyticsFan>
        source={source}
        rowKey="id"
        columns={columns}
        scroll={{ x: 900 }}
        data-testid="fans-table"
      />
    </ListFrame>
  );
}
