import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Brand } from '@dc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Drawer, Empty, Flex, List, Popconfirm, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';
import { BrandEditorModal } from './BrandEditorModal.tsx';
import { boutiqueKeys, deleteBrand, fetchBrands } from './service.ts';

/** 品牌管理: the designer's brands with their product counts; create, open the page, delete. */
export function BrandManagerDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const brands = useQuery({ queryKey: boutiqueKeys.brands, queryFn: fetchBrands, enabled: open });
  const remove = useMutation({
    mutationFn: deleteBrand,
    onSuccess: async () => {
      message.success(t('boutique.brand.deleted'));
      await queryClient.invalidateQueries({ queryKey: boutiqueKeys.all });
    },
  });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={520}
      title={t('boutique.brands')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('boutique.brand.new')}
        </Button>
      }
    >
      {brands.isPending ? (
        <Spin />
      ) : (brands.data?.dataList.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('boutique.brand.empty')} />
      ) : (
        <List<Brand>
          dataSource={brands.data?.dataList ?? []}
          renderItem={(brand) => (
            <List.Item
              actions={[
                <Link key="open" to={`/boutique/brand-introduction/${brand.id}`} onClick={onClose}>
                  {t('boutique.brand.open')}
                </Link>,
                <Button key="edit" type="link" size="small" onClick={() => setEditing(brand)}>
                  {t('boutique.action.edit')}
                </Button>,
                brand.productCount > 0 ? (
                  <Tooltip
                    key="delete"
                    title={t('boutique.brand.deleteBlocked', { count: brand.productCount })}
                  >
                    <Button
                      type="text"
                      size="small"
                      danger
                      disabled
                      icon={<DeleteOutlined />}
                      aria-label={t('boutique.brand.delete')}
                    />
                  </Tooltip>
                ) : (
                  <Popconfirm
                    key="delete"
                    title={t('boutique.brand.deleteConfirm')}
                    okText={t('boutique.brand.delete')}
                    cancelText={t('boutique.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(brand.id)}
                  >
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('boutique.brand.delete')}
                    />
                  </Popconfirm>
                ),
              ]}
            >
              <List.Item.Meta
                avatar={
                  <Avatar alt="" shape="square" size={48} src={pictureAt(brand.logoUrl, 160)}>
                    {brand.name.slice(0, 1)}
                  </Avatar>
                }
                title={brand.name}
                description={
                  <Flex vertical>
                    <Typography.Text type="secondary">{brand.slogan}</Typography.Text>
                    <Typography.Text type="secondary">
                      {t('boutique.brand.productCount', { count: brand.productCount })}
                    </Typography.Text>
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      )}
      <BrandEditorModal target={editing} onClose={() => setEditing(null)} />
    </Drawer>
  );
}
