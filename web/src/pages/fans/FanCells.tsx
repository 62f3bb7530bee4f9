import { UserOutlined } from '@ant-design/icons';
import type { FanRow } from '@dc/contract';
import { Avatar, Flex, type TableColumnType, Typography } from 'antd';
import { Link } from 'react-router';
import { ColorTag } from '../../components/ColorTag.tsx';
import { pictureAt } from '../../components/pictures.ts';
import { DayCell } from '../../components/server-table/DayCell.tsx';
import type { Translate } from '../../locales/index.ts';

/** A fan in a table row: avatar and nickname, which opens the fan's detail. */
export function FanIdentity({ fan }: { fan: FanRow }) {
  return (
    <Flex gap={8} align="center">
      <Avatar
        alt=""
        src={pictureAt(fan.avatar, 160)}
        icon={fan.avatar ? undefined : <UserOutlined />}
        size="small"
      />
      <Link to={`/detail/fans-detail/${fan.id}`}>{fan.nickname}</Link>
    </Flex>
  );
}

/** The fan's tags in their colours, or a dash when there are none. */
export function FanTagList({ fan }: { fan: FanRow }) {
  if (fan.tags.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {fan.tags.map((tag) => (
        <ColorTag key={tag.id} color={tag.color} style={{ marginInlineEnd: 0 }}>
          {tag.name}
        </ColorTag>
      ))}
    </Flex>
  );
}

/**
 * The columns every table of fans shows the same way (the fan list, a word's fans on 粉丝印象),
 * with their widths for `scrollToFit`: the fan first, kept in view while the rest scroll on a
 * phone; the day followed on one line.
 */
export function fanColumns(
  t: Translate,
): Record<'fan' | 'gender' | 'source' | 'followedAt', TableColumnType<FanRow>> {
  return {
    fan: {
      key: 'fan',
      title: t('fans.column.fan'),
      fixed: 'left',
      width: 148,
      render: (_, fan) => <FanIdentity fan={fan} />,
    },
    gender: {
      key: 'gender',
      title: t('fans.column.gender'),
      width: 84, // "Unknown" whole
      render: (_, fan) => t(`fans.gender.${fan.gender}`),
    },
    source: {
      key: 'source',
      title: t('fans.column.source'),
      width: 100, // "Recruitment" whole
      render: (_, fan) => t(`fans.source.${fan.source}`),
    },
    followedAt: {
      key: 'followedAt',
      dataIndex: 'followedAt',
      title: t('fans.column.followedAt'),
      width: 112,
      render: (at: string) => <DayCell at={at} />,
    },
  };
}
