import { TeamOutlined } from '@ant-design/icons';
import type { PackCount } from '@dc/contract';
import { Alert, Card, Flex, Progress, Spin, Statistic, Typography } from 'antd';
import { type Translate, useT } from '../../locales/index.ts';

export interface PackCountBarProps {
  count: PackCount | undefined;
  loading: boolean;
  /** The definition is incomplete: no count is asked for. */
  invalid: boolean;
}

/** "N fans match", or "about N ± margin" when the total was estimated from a sample. */
const matchedText = (count: PackCount, t: Translate) =>
  count.totalMargin === null
    ? t('crowdPacks.live.matched', { count: count.total.toLocaleString() })
    : t('crowdPacks.live.matchedAbout', {
        count: count.total.toLocaleString(),
        margin: count.totalMargin.toLocaleString(),
      });

/** The live count at the top of an editor: fans matched and their share of all fans. */
export function PackCountBar({ count, loading, invalid }: PackCountBarProps) {
  const t = useT();
  const share = count ? `${(count.share * 100).toFixed(1)}%` : '—';
  return (
    <Card size="small" data-testid="pack-live-count">
      <Flex align="center" gap={24} wrap>
        <Statistic
          title={t('crowdPacks.column.size')}
          prefix={<TeamOutlined />}
          value={count?.total ?? '—'}
          suffix={count && count.totalMargin !== null ? `± ${count.totalMargin.toLocaleString()}` : undefined}
          valueStyle={{ fontSize: 28 }}
        />
        <Flex vertical gap={4} style={{ minWidth: 220, flex: 1 }}>
          <Typography.Text data-testid="pack-live-total">
            {count ? matchedText(count, t) : '—'}
          </Typography.Text>
          <Progress percent={count ? Math.round(count.share * 1000) / 10 : 0} showInfo={false} size="small" />
          <Typography.Text type="secondary">
            {count
              ? t(count.estimated ? 'crowdPacks.live.shareAbout' : 'crowdPacks.live.share', {
                  all: count.allFans.toLocaleString(),
                  share,
                })
              : ''}
          </Typography.Text>
        </Flex>
        {loading && <Spin size="small" aria-label={t('crowdPacks.live.counting')} />}
      </Flex>
      {count?.estimated && (
        <Typography.Text type="secondary" data-testid="pack-live-sampled">
          {t('crowdPacks.live.sampled')}
        </Typography.Text>
      )}
      {invalid && (
        <Alert style={{ marginTop: 8 }} type="warning" showIcon title={t('crowdPacks.live.invalid')} />
      )}
    </Card>
  );
}
