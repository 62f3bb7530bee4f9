import { PlusOutlined } from '@ant-design/icons';
import { SHOP_ADDRESS_MAX, type ShopAddress } from '@dc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useT } from '../../locales/index.ts';
import { AddressCard } from './AddressCard.tsx';
import { AddressFormModal } from './AddressFormModal.tsx';
import { addressesKey, deleteAddress, fetchAddresses, setDefaultAddress } from './address-service.ts';

interface Editor {
  address: ShopAddress | undefined;
  /** A fresh form at every opening. */
  serial: number;
}

/** 基本信息 › 店铺地址 (issue 4 item 9): the shop's addresses, the default first. */
export default function ShopAddressPage() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: addressesKey, queryFn: ({ signal }) => fetchAddresses(signal) });
  const [editor, setEditor] = useState<Editor | null>(null);
  const openEditor = (address?: ShopAddress) =>
    setEditor((current) => ({ address, serial: (current?.serial ?? 0) + 1 }));

  const refresh = () => queryClient.invalidateQueries({ queryKey: addressesKey });
  const remove = useMutation({
    mutationFn: deleteAddress,
    onSuccess: async () => {
      void message.success(t('shopAddress.deleted'));
      await refresh();
    },
  });
  const makeDefault = useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: async () => {
      void message.success(t('shopAddress.defaultSet'));
      await refresh();
    },
  });

  if (list.isError) {
    return <LoadFailed onRetry={list.refetch} />;
  }
  const addresses = list.data?.dataList ?? [];
  const full = addresses.length >= SHOP_ADDRESS_MAX;
  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={full}
      title={full ? t('shopAddress.full', { max: SHOP_ADDRESS_MAX }) : undefined}
      onClick={() => openEditor()}
      data-testid="address-add"
    >
      {t('shopAddress.add')}
    </Button>
  );

  return (
    <Card
      title={t('shopAddress.title')}
      extra={
        <Flex gap={12} align="center">
          {list.data && addresses.length > 0 ? (
            <Typography.Text type="secondary">
              {t('shopAddress.count', { count: addresses.length, max: SHOP_ADDRESS_MAX })}
            </Typography.Text>
          ) : null}
          {addresses.length > 0 ? addButton : null}
        </Flex>
      }
    >
      {!list.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : addresses.length === 0 ? (
        <Empty
          description={
            <Flex vertical gap={4}>
              <Typography.Text>{t('shopAddress.empty')}</Typography.Text>
              <Typography.Text type="secondary">{t('shopAddress.emptyHint')}</Typography.Text>
            </Flex>
          }
          data-testid="address-empty"
        >
          {addButton}
        </Empty>
      ) : (
        <Row gutter={[16, 16]} data-testid="address-list">
          {addresses.map((address) => (
            <Col key={address.id} xs={24} md={12} xl={8}>
              <AddressCard
                address={address}
                onEdit={() => openEditor(address)}
                onDelete={() => remove.mutateAsync(address.id)}
                onSetDefault={() => makeDefault.mutate(address.id)}
                settingDefault={makeDefault.isPending && makeDefault.variables === address.id}
              />
            </Col>
          ))}
        </Row>
      )}
      {editor ? (
        <AddressFormModal
          key={editor.serial}
          open
          address={editor.address}
          firstAddress={addresses.length === 0}
          onClose={() => setEditor(null)}
        />
      ) : null}
    </Card>
  );
}
