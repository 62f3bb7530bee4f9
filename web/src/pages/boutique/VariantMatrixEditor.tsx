import { PRODUCT_PRICE_MAX, STOCK_MAX } from '@dc/contract';
import { Button, Flex, Input, InputNumber, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { type FillValues, fillAll, rowKey, type VariantField, type VariantRow } from './variant-matrix.ts';

/** A row's problem (the form's check or the server's) and the cell it is about. */
export interface RowCellProblem {
  field: VariantField;
  text: string;
}

export interface VariantMatrixEditorProps {
  rows: VariantRow[];
  /** Row key → the row's problem, shown under the cell it concerns. */
  problems: Map<string, RowCellProblem>;
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
  /** A cell's input, marked and with the message under it when the row's problem is about it. */
  const cell = (row: VariantRow, field: VariantField, input: (status?: 'error') => ReactNode) => {
    const problem = problems.get(rowKey(row));
    const here = problem?.field === field ? problem : undefined;
    return (
      <Flex vertical>
        {input(here ? 'error' : undefined)}
        {here && (
          <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`variant-problem-${field}`}>
            {here.text}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  const columns: TableColumnsType<VariantRow> = [
    { key: 'size', title: t('boutique.variant.size'), dataIndex: 'size', width: 80 },
    { key: 'color', title: t('boutique.variant.color'), dataIndex: 'color', width: 80 },
    {
      key: 'sku',
      title: t('boutique.variant.sku'),
      render: (_, row) =>
        cell(row, 'sku', (status) => (
          <Input
            size="small"
            value={row.sku}
            maxLength={40}
            aria-label={`${t('boutique.variant.sku')} ${row.size} ${row.color}`}
            status={status}
            onChange={(event) => update(rowKey(row), { sku: event.target.value })}
          />
        )),
    },
    {
      key: 'price',
      title: t('boutique.variant.price'),
      width: 130,
      render: (_, row) =>
        cell(row, 'price', (status) => (
          <InputNumber
            size="small"
            {...money}
            value={row.price}
            status={status}
            aria-label={`${t('boutique.variant.price')} ${row.size} ${row.color}`}
            onChange={(price) => update(rowKey(row), { price })}
          />
        )),
    },
    {
      key: 'originalPrice',
      title: t('boutique.variant.originalPrice'),
      width: 130,
      render: (_, row) =>
        cell(row, 'originalPrice', (status) => (
          <InputNumber
            size="small"
            {...money}
            value={row.originalPrice}
            status={status}
            aria-label={`${t('boutique.variant.originalPrice')} ${row.size} ${row.color}`}
            onChange={(originalPrice) => update(rowKey(row), { originalPrice })}
          />
        )),
    },
    {
      key: 'stock',
      title: t('boutique.variant.stock'),
      width: 110,
      render: (_, row) =>
        cell(row, 'stock', (status) => (
          <InputNumber
            size="small"
            min={0}
            max={STOCK_MAX}
            precision={0}
            style={{ width: '100%' }}
            value={row.stock}
            status={status}
            aria-label={`${t('boutique.variant.stock')} ${row.size} ${row.color}`}
            onChange={(stock) => update(rowKey(row), { stock })}
          />
        )),
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
