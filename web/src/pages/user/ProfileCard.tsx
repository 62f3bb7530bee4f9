import { UserOutlined } from '@ant-design/icons';
import type { DesignerInfo } from '@dc/contract';
import { Avatar, Card, Descriptions, Flex, Typography } from 'antd';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';

/** Who is signed in: avatar, nickname, phone and designer id, as the server has them. */
export function ProfileCard({ designer }: { designer: DesignerInfo }) {
  const t = useT();
  const notSet = <Typography.Text type="secondary">{t('user.notSet')}</Typography.Text>;
  return (
    <Card title={t('user.profile')} style={{ height: '100%' }}>
      <Flex vertical align="center" gap={12} style={{ paddingBlock: 8 }}>
        <Avatar size={88} src={pictureAt(designer.pic, 160)} icon={<UserOutlined />} alt={t('user.avatar')} />
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="profile-nickname">
          {designer.nickname || t('user.notSet')}
        </Typography.Title>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        style={{ marginTop: 16 }}
        items={[
          { key: 'id', label: t('user.id'), children: <span data-testid="profile-id">{designer.id}</span> },
          { key: 'nickname', label: t('user.nickname'), children: designer.nickname || notSet },
          { key: 'telephone', label: t('user.telephone'), children: designer.telephone || notSet },
        ]}
      />
    </Card>
  );
}
