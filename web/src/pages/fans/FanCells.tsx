import { UserOutlined } from '@ant-design/icons';
import type { FanRow } from '@dc/contract';
import { Avatar, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { ColorTag } from '../../components/ColorTag.tsx';

/** A fan in a table row: avatar and nickname, which opens the fan's detail. */
export function FanIdentity({ fan }: { fan: FanRow }) {
  return (
    <Flex gap={8} align="center">
      <Avatar
        alt=""
        src={fan.avatar || undefined}
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
