import { DeleteOutlined, EditOutlined, EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import type { ShopAddress } from '@dc/contract';
import { Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useT } from '../../locales/index.ts';
import { regionLabel } from './address-form.ts';

export interface AddressCardProps {
  address: ShopAddress;
  onEdit(): void;
  onDelete(): Promise<unknown>;
  onSetDefault(): void;
  settingDefault: boolean;
}

/** One shop address: contact, phone, region path, detail, the default tag and its actions. */
export function AddressCard({ address, onEdit, onDelete, onSetDefault, settingDefault }: AddressCardProps) {
  const t = useT();
  return (
    <Card
      size="small"
      data-testid="address-card"
      data-default={address.isDefault ? 'true' : 'false'}
      style={{ height: '100%' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, height: '100%' } }}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong ellipsis>
          {address.consignee}
        </Typography.Text>
        {address.isDefault ? (
          <Tag color="processing" style={{ marginInlineEnd: 0 }}>
            {t('shopAddress.default')}
          </Tag>
        ) : null}
      </Flex>
      <Typography.Text type="secondary">
        <PhoneOutlined /> {address.phone}
      </Typography.Text>
      <Flex gap={6} align="baseline" style={{ flex: 1 }}>
        <EnvironmentOutlined />
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          <Typography.Text>{regionLabel(address.regionNames)}</Typography.Text>
          <br />
          <Typography.Text>{address.detail}</Typography.Text>
          {address.postalCode ? (
            <Typography.Text type="secondary"> · {address.postalCode}</Typography.Text>
          ) : null}
        </Typography.Paragraph>
      </Flex>
      <Flex gap={4} justify="flex-end" wrap>
        {address.isDefault ? null : (
          <Button size="small" type="link" loading={settingDefault} onClick={onSetDefault}>
            {t('shopAddress.setDefault')}
          </Button>
        )}
        <Button size="small" type="link" icon={<EditOutlined />} onClick={onEdit}>
          {t('shopAddress.edit')}
        </Button>
        <Popconfirm
          title={t('shopAddress.deleteConfirm')}
          description={t(address.isDefault ? 'shopAddress.deleteDefaultDetail' : 'shopAddress.deleteDetail')}
          okText={t('shopAddress.delete')}
          cancelText={t('shopAddress.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button size="small" type="link" danger icon={<DeleteOutlined />}>
            {t('shopAddress.delete')}
          </Button>
        </Popconfirm>
      </Flex>
    </Card>
  );
}
