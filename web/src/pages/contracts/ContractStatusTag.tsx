import type { ContractStatusValue } from '@dc/contract';
import { Tag } from 'antd';
import { useLanguage } from '../../locales/index.ts';
import { contractLabels, contractStatusTagColor } from './contract-labels.ts';

/** A contract's state (spec section 4) as a coloured tag. */
export function ContractStatusTag({ status }: { status: ContractStatusValue }) {
  const language = useLanguage((s) => s.language);
  return (
    <Tag color={contractStatusTagColor[status]} data-status={status} style={{ marginInlineEnd: 0 }}>
      {contractLabels(language).status(status)}
    </Tag>
  );
}
