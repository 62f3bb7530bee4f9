import type { PackRow } from '@dc/contract';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useLanguage, useT } from '../../locales/index.ts';
import { agoText } from './computed-at.ts';

/**
 * When the pack's size was computed ("计算于 3 小时前", the time itself on hover), and whether it
 * is out of date: stale and being refreshed (opening it started that), or stale and failed.
 */
export function PackComputedAt({
  pack,
  align = 'start',
}: {
  pack: Pick<PackRow, 'computedAt' | 'stale' | 'state'>;
  align?: 'start' | 'end';
}) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  return (
    <Flex gap={4} align="center" justify={align} wrap data-testid="pack-computed-at">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {pack.computedAt ? (
          <span title={pack.computedAt}>
            {t('crowdPacks.computedAt', { at: agoText(pack.computedAt, language) })}
          </span>
        ) : (
          t('crowdPacks.neverComputed')
        )}
      </Typography.Text>
      {pack.stale && (
        <Tooltip title={t('crowdPacks.staleWhy')}>
          <Tag color="warning" style={{ marginInlineEnd: 0 }} data-testid="pack-stale">
            {t(pack.state === 'computing' ? 'crowdPacks.staleUpdating' : 'crowdPacks.stale')}
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}
