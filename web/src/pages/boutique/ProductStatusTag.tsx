import type { ProductStatus } from '@dc/contract';
import { Tag } from 'antd';
import { useT } from '../../locales/index.ts';

const COLORS: Record<ProductStatus, string> = { on_sale: 'success', off_shelf: 'default', draft: 'warning' };

/** 在售 / 已下架 / 草稿. */
export function ProductStatusTag({ status }: { status: ProductStatus }) {
  const t = useT();
  return <Tag color={COLORS[status]}>{t(`boutique.status.${status}`)}</Tag>;
}
