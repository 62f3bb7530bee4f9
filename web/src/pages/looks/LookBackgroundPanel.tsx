import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { LookBackground } from '@dc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Popconfirm, Row, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { backdropStyle } from '../../three/backdrop.ts';
import { LookBackgroundModal } from './LookBackgroundModal.tsx';
import { assetName } from './labels.ts';
import { deleteBackground, fetchBackgrounds, lookKeys } from './service.ts';

/** 3D推荐 › 背景: the shipped backgrounds and the designer's own, as swatches. */
export function LookBackgroundPanel() {
  const t = useT();
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: lookKeys.backgrounds,
    queryFn: ({ signal }) => fetchBackgrounds(signal),
  });
  const [editing, setEditing] = useState<LookBackground | null>(null);
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: deleteBackground,
    onSuccess: () => {
      message.success(t('looks.bgDeleted'));
      return client.invalidateQueries({ queryKey: lookKeys.all });
    },
  });

  const items = list.data?.dataList ?? [];
  const own = items.filter((item) => !item.shipped);
  const card = (item: LookBackground) => (
    <Col key={item.id} xs={12} sm={8} md={6} xl={4}>
      <Card
        size="small"
        cover={<div style={{ ...backdropStyle(item), height: 96 }} aria-hidden />}
        actions={
          item.shipped
            ? undefined
            : [
                <Button
                  key="edit"
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`${t('looks.edit')} ${item.name}`}
                  onClick={() => {
                    setEditing(item);
                    setOpen(true);
                  }}
                />,
                <Popconfirm
                  key="delete"
                  title={t('looks.bgDeleteConfirm', { name: item.name })}
                  description={item.lookCount > 0 ? t('looks.bgDeleteUsed') : undefined}
                  okText={t('looks.delete')}
                  okButtonProps={{ danger: true, disabled: item.lookCount > 0 }}
                  cancelText={t('looks.cancel')}
                  onConfirm={() => remove.mutateAsync(item.id)}
                >
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('looks.delete')} ${item.name}`}
                  />
                </Popconfirm>,
              ]
        }
      >
        <Flex vertical gap={4}>
          <Typography.Text strong ellipsis>
            {assetName(t, item)}
          </Typography.Text>
          <Flex gap={4} wrap>
            <Tag>{t(`looks.bgKind.${item.kind}`)}</Tag>
            {item.shipped && <Tag color="purple">{t('looks.shipped')}</Tag>}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {item.lookCount > 0 ? t('looks.usedBy', { count: item.lookCount }) : t('looks.notUsed')}
          </Typography.Text>
        </Flex>
      </Card>
    </Col>
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          {t('looks.bgAdd')}
        </Button>
      </Flex>
      {list.isPending ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('looks.shipped')}
          </Typography.Title>
          <Row gutter={[12, 12]}>{items.filter((item) => item.shipped).map(card)}</Row>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('looks.mine')}
          </Typography.Title>
          {own.length ? (
            <Row gutter={[12, 12]}>{own.map(card)}</Row>
          ) : (
            <Empty description={t('looks.bgEmpty')} />
          )}
        </>
      )}
      <LookBackgroundModal
        open={open}
        editing={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void client.invalidateQueries({ queryKey: lookKeys.all });
        }}
      />
    </Flex>
  );
}
