import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { VaultBalance, VaultBalanceFigures } from '@dc/contract';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { formatFen } from '../../components/money.ts';
import { type MessageKey, useLanguage, useT } from '../../locales/index.ts';

const CARDS: Array<{ key: keyof VaultBalanceFigures; label: MessageKey }> = [
  { key: 'available', label: 'vault.available' },
  { key: 'pending', label: 'vault.pending' },
  { key: 'withdrawn', label: 'vault.withdrawn' },
  { key: 'totalEarned', label: 'vault.totalEarned' },
];

/** The change of a card against the previous period, as a signed amount and a percentage. */
/** Small enough that amount and percent fit one line in a quarter-width card in either language. */
const CHANGE_TEXT = { fontSize: 12 } as const;

function Change({ current, previous, days }: { current: number; previous: number; days: number }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const diff = current - previous;
  if (diff === 0)
    return (
      <Typography.Text type="secondary" ellipsis={{ tooltip: true }} style={CHANGE_TEXT}>
        {`${t('vault.changeVs', { days })} ${t('vault.noChange')}`}
      </Typography.Text>
    );
  // A ratio for display only; the amounts themselves stay integers.
  const percent = previous === 0 ? '' : ` (${((diff / Math.abs(previous)) * 100).toFixed(1)}%)`;
  return (
    // One line whatever the language: a wrapped line would move everything below once data arrives.
    <Typography.Text type={diff > 0 ? 'success' : 'danger'} ellipsis={{ tooltip: true }} style={CHANGE_TEXT}>
      {t('vault.changeVs', { days })} {diff > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
      {` ${formatFen(Math.abs(diff), language)}${percent}`}
    </Typography.Text>
  );
}

/** The change line's box: one line of body text (14 px × antd's 1.5715 line height). */
const CHANGE_LINE_HEIGHT = 22;

/** A bar inside the figure's own line box: the line keeps the figure's height. */
function ValueSkeleton() {
  return <Skeleton.Button active size="small" style={{ width: 120, height: 20, verticalAlign: 'middle' }} />;
}

function LineSkeleton() {
  return (
    <Skeleton.Button
      active
      size="small"
      style={{ width: 160, height: 14, minWidth: 0, verticalAlign: 'middle', display: 'block', marginTop: 4 }}
    />
  );
}

export function BalanceCards({ balance, loading }: { balance: VaultBalance | undefined; loading: boolean }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => (
        <Col key={card.key} xs={24} sm={12} xl={6}>
          <Card>
            {/* While loading, skeleton bars sit inside the lines the figures will fill, so the
                cards keep their final height and nothing below them moves when data arrives. */}
            <Statistic
              title={t(card.label)}
              value={balance ? formatFen(balance[card.key], language) : '-'}
              valueRender={(node) => (loading ? <ValueSkeleton /> : node)}
              suffix={loading ? undefined : t('vault.yuan')}
              data-testid={`balance-${card.key}`}
            />
            <div style={{ minHeight: CHANGE_LINE_HEIGHT }}>
              {balance ? (
                <Change
                  current={balance[card.key]}
                  previous={balance.previous[card.key]}
                  days={balance.periodDays}
                />
              ) : (
                loading && <LineSkeleton />
              )}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
