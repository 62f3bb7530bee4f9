import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useT } from '../../locales/index.ts';
import { useProductActions } from './use-product-actions.ts';

export interface ProductBatchBarProps {
  selected: number[];
  onDone(): void;
}

/** Batch 上架 / 下架 of the selected products, each after a confirmation. */
export function ProductBatchBar({ selected, onDone }: ProductBatchBarProps) {
  const t = useT();
  const { setStatus } = useProductActions();
  const count = selected.length;
  const run = (status: 'on_sale' | 'off_shelf') =>
    setStatus.mutateAsync({ ids: selected, status }).then(onDone, () => undefined);
  return (
    <Flex gap={8} align="center" wrap data-testid="product-batch-bar">
      <Typography.Text type={count ? undefined : 'secondary'}>
        {t('boutique.batch.selected', { count })}
      </Typography.Text>
      <Popconfirm
        title={t('boutique.batch.confirmOnSale', { count })}
        description={t('boutique.batch.confirmOnSaleDetail')}
        okText={t('boutique.confirm.ok')}
        cancelText={t('boutique.cancel')}
        onConfirm={() => run('on_sale')}
        disabled={count === 0}
      >
        <Button size="small" disabled={count === 0}>
          {t('boutique.batch.onSale')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('boutique.batch.confirmOffShelf', { count })}
        description={t('boutique.batch.confirmOffShelfDetail')}
        okText={t('boutique.confirm.ok')}
        cancelText={t('boutique.cancel')}
        onConfirm={() => run('off_shelf')}
        disabled={count === 0}
      >
        <Button size="small" disabled={count === 0}>
          {t('boutique.batch.offShelf')}
        </Button>
      </Popconfirm>
      {count > 0 && (
        <Button size="small" type="link" onClick={onDone}>
          {t('boutique.batch.clear')}
        </Button>
      )}
    </Flex>
  );
}
