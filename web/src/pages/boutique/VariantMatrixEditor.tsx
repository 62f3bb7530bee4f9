import { PRODUCT_PRICE_MAX, STOCK_MAX } from '@dc/contract';
import { Button, Flex, Input, InputNumber, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { type FillValues, fillAll, type RowProblem, rowKey, type VariantRow } from './variant-matrix.ts';

export interface VariantMatrixEditorProps {
  rows: VariantRow[];
  /** Row key → a problem shown under the row (the form's check or the server's). */
  problems: Map<string, { kind?: RowProblem; text: string }>;
  onChange(rows: VariantRow[]): void;
}

const MAX_YUAN = PRODUCT_PRICE_MAX / 100;

/** The size × colour table: SKU, price, original price and stock per row, and "fill all". */
export function VariantMatrixEditor({ rows, problems, onChange }: VariantMatrixEditorProps) {
  const t = useT();
  const [fill, setFill] = useState<FillValues>({});
  const update = (key: string, change: Partial<VariantRow>) =>
    onChange(rows.map((row) => (rowKey(row) === key ? { ...row, ...change } : row)));
  const money = { min: 0, max: MAX_YUAN, precision: 2, style: { width: '100%' } };

  const columns: TableColumnsType<VariantRow> = [
    { key: 'size', title: t('boutique.variant.size'), dataIndex: 'size', width: 80 },
    { key: 'color', title: t('boutique.variant.color'), dataIndex: 'color', width: 80 },
    {
      key: 'sku',
      title: t('boutique.variant.sku'),
      render: (_, row) => {
        const problem = problems.get(rowKey(row));
        return (
          <Flex vertical>
            <Input
              size="small"
              value={row.sku}
              maxLength={40}
              aria-label={`${t('boutique.variant.sku')} ${row.size} ${row.color}`}
              status={problem ? 'error' : undefined}
              onChange={(event) => update(rowKey(row), { sku: event.target.value })}
            />
            {problem && (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {problem.text}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'price',
      title: t('boutique.variant.price'),
      width: 130,
      render: (_, row) => (
        <InputNumber
          size="small"
          {...money}
          value={row.price}
          aria-label={`${t('boutique.variant.price')} ${row.size} ${row.color}`}
          onChange={(price) => update(rowKey(row), { price })}
        />
      ),
    },
    {
      key: 'originalPrice',
      title: t('boutique.variant.originalPrice'),
      width: 130,
      render: (_, row) => (
        <InputNumber
          size="small"
          {...money}
          value={row.originalPrice}
          aria-label={`${t('boutique.variant.originalPrice')} ${row.size} ${row.color}`}
          onChange={(originalPrice) => update(rowKey(row), { originalPrice })}
        />
      ),
    },
    {
      key: 'stock',
      title: t('boutique.variant.stock'),
      width: 110,
      render: (_, row) => (
        <InputNumber
          size="small"
          min={0}
          max={STOCK_MAX}
          precision={0}
          style={{ width: '100%' }}
          value={row.stock}
          aria-label={`${t('boutique.variant.stock')} ${row.size} ${row.color}`}
          onChange={(stock) => update(rowKey(row), { stock })}
        />
      ),
    },
  ];

  if (rows.length === 0) {
    return <Typography.Text type="secondary">{t('boutique.variant.empty')}</Typography.Text>;
  }
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap data-testid="variant-fill">
        <Typography.Text>{t('boutique.variant.fillAll')}</Typography.Text>
        <InputNumber
          size="small"
          {...money}
          style={{ width: 120 }}
          placeholder={t('boutique.variant.price')}
          aria-label={`${t('boutique.variant.fillAll')} ${t('boutique.variant.price')}`}
          value={fill.price}
          onChange={(price) => setFill({ ...fill, price })}
        />
        <InputNumber
          size="small"
          {...money}
          style={{ width: 120 }}
          placeholder={t('boutique.variant.originalPrice')}
          aria-label={`${t('boutique.variant.fillAll')} ${t('boutique.variant.originalPrice')}`}
          value={fill.originalPrice}
          onChange={(originalPrice) => setFill({ ...fill, originalPrice })}
        />
        <InputNumber
          size="small"
          min={0}
          max={STOCK_MAX}
          precision={0}
          style={{ width: 100 }}
          placeholder={t('boutique.variant.stock')}
          aria-label={`${t('boutique.variant.fillAll')} ${t('boutique.variant.stock')}`}
          value={fill.stock}
          onChange={(stock) => setFill({ ...fill, stock })}
        />
        <Button size="small" onClick={() => onChange(fillAll(rows, fill))}>
          {t('boutique.variant.fillApply')}
        </Button>
        <Typography.Text type="secondary">
          {t('boutique.variant.count', { count: rows.length })}
        </Typography.Text>
      </Flex>
      <Table<VariantRow>
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 640 }}
        data-testid="variant-matrix"
      />
    </Flex>
  );
}
