import type { VaultBalance } from '@dc/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { formatFen } from '../../components/money.ts';
import { type MessageKey, useLanguage, useT } from '../../locales/index.ts';

const CARDS: Array<{ key: keyof Omit<VaultBalance, 'computedAt'>; label: MessageKey }> = [
  { key: 'available', label: 'vault.available' },
  { key: 'pending', label: 'vault.pending' },
  { key: 'withdrawn', label: 'vault.withdrawn' },
  { key: 'totalEarned', label: 'vault.totalEarned' },
];

export function BalanceCards({ balance, loading }: { balance: VaultBalance | undefined; loading: boolean }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => (
        <Col key={card.key} xs={24} sm={12} xl={6}>
          <Card loading={loading}>
            <Statistic
              title={t(card.label)}
              value={balance ? formatFen(balance[card.key], language) : '-'}
              suffix={t('vault.yuan')}
              data-testid={`balance-${card.key}`}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
