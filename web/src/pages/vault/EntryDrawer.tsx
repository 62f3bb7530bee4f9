import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Skeleton, Tag } from 'antd';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { kindLabel, STATE_COLORS, sourceLabel, stateLabel } from './labels.ts';
import { fetchLedgerEntry, vaultKeys } from './service.ts';

/** One ledger entry, read from the server when opened. */
export function EntryDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const entry = useQuery({
    queryKey: vaultKeys.entry(id ?? 0),
    queryFn: () => fetchLedgerEntry(id!),
    enabled: id !== null,
  });
  const e = entry.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title={t('vault.detail.title')} size={480} destroyOnHidden>
      {!e ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('vault.column.title')}>{e.title}</Descriptions.Item>
          <Descriptions.Item label={t('vault.column.kind')}>{t(kindLabel(e.kind))}</Descriptions.Item>
          <Descriptions.Item label={t('vault.column.state')}>
            <Tag color={STATE_COLORS[e.state]}>{t(stateLabel(e.state))}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('vault.column.amount')}>
            {formatFen(e.amount, language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('vault.column.fee')}>{formatFen(e.fee, language)}</Descriptions.Item>
          <Descriptions.Item label={t('vault.column.net')}>{formatFen(e.net, language)}</Descriptions.Item>
          <Descriptions.Item label={t('vault.detail.source')}>
            {e.sourceType ? `${t(sourceLabel(e.sourceType))} · ${e.sourceTitle ?? ''}` : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('vault.detail.buyer')}>{e.buyer ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('vault.column.createdAt')}>{e.createdAt}</Descriptions.Item>
          <Descriptions.Item label={t('vault.detail.settleDueAt')}>{e.settleDueAt ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('vault.detail.settledAt')}>{e.settledAt ?? '-'}</Descriptions.Item>
          {e.withdrawalId !== null && (
            <Descriptions.Item label={t('vault.detail.withdrawal')}>#{e.withdrawalId}</Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Drawer>
  );
}
