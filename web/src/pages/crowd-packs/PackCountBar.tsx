import { TeamOutlined } from '@ant-design/icons';
import type { PackCount } from '@dc/contract';
import { Alert, Card, Flex, Progress, Spin, Statistic, Typography } from 'antd';
import { type Translate, useT } from '../../locales/index.ts';

export interface PackCountBarProps {
  /** The count of the finished part of the definition; undefined while there is none. */
  count: PackCount | undefined;
  loading: boolean;
  /** Parts still being filled in (conditions, include groups): left out of the count. */
  unfinished: number;
  /** Which parts those are, for the sentence ("conditions", "include groups"). */
  unfinishedKind: 'conditions' | 'groups';
  /** The definition cannot be saved as it is (unfinished parts included). */
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

/** What the count leaves out, or why there is none. */
function notCountedText({ count, unfinished, unfinishedKind, invalid }: PackCountBarProps, t: Translate) {
  if (unfinished > 0 && count) {
    return t(
      unfinishedKind === 'groups' ? 'crowdPacks.live.groupsNotCounted' : 'crowdPacks.live.notCounted',
      { count: unfinished },
    );
  }
  if (unfinished > 0) {
    return t(
      unfinishedKind === 'groups' ? 'crowdPacks.live.nothingChosen' : 'crowdPacks.live.nothingFinished',
    );
  }
  return invalid ? t('crowdPacks.live.invalid') : undefined;
}

/**
 * The live count at the top of an editor: fans matched and their share of all fans. While some
 * conditions are unfinished it counts the finished ones and says how many are left out.
 */
export function PackCountBar(props: PackCountBarProps) {
  const { count, loading } = props;
  const t = useT();
  const share = count ? `${(count.share * 100).toFixed(1)}%` : '—';
  const notCounted = notCountedText(props, t);
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
          <Progress
            percent={count ? Math.round(count.share * 1000) / 10 : 0}
            aria-label={t('crowdPacks.column.size')}
            showInfo={false}
            size="small"
          />
          <Typography.Text type="secondary">
            {count
              ? t(count.estimated ? 'crowdPacks.live.shareAbout' : 'crowdPacks.live.share', {
                  all: count.allFans.toLocaleString(),
                  share,
                })
              : ''}
          </Typography.Text>
        </Flex>
        {/* The name goes on a status: an aria-label on Spin's own div (no role) is prohibited ARIA. */}
        {loading && (
          <span role="status" aria-label={t('crowdPacks.live.counting')}>
            <Spin size="small" />
          </span>
        )}
      </Flex>
      {count?.estimated && (
        <Typography.Text type="secondary" data-testid="pack-live-sampled">
          {t('crowdPacks.live.sampled')}
        </Typography.Text>
      )}
      {notCounted && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          title={notCounted}
          data-testid="pack-live-not-counted"
        />
      )}
    </Card>
  );
}
