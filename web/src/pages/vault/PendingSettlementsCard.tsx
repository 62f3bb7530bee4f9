import type { PendingSettlements } from '@dc/contract';
import { Card, Empty, List, Typography } from 'antd';
import { formatFen } from '../../components/money.ts';
import { ONE_LINE_TEXT } from '../../components/server-table/fit-columns.ts';
import { useLanguage, useT } from '../../locales/index.ts';

/** What arrives when: pending income per day it settles. */
export function PendingSettlementsCard({
  data,
  loading,
}: {
  data: PendingSettlements | undefined;
  loading: boolean;
}) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  return (
    <Card
      title={t('vault.pendingList.title')}
      loading={loading}
      extra={
        data &&
        data.total > 0 && (
          <Typography.Text strong style={ONE_LINE_TEXT}>
            ¥{formatFen(data.total, language)}
          </Typography.Text>
        )
      }
    >
      {data && data.days.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('vault.pendingList.empty')} />
      ) : (
        <List
          size="small"
          data-testid="pending-settlements"
          dataSource={data?.days ?? []}
          renderItem={(day) => (
            <List.Item
              key={day.day}
              extra={<Typography.Text style={ONE_LINE_TEXT}>¥{formatFen(day.net, language)}</Typography.Text>}
            >
              <List.Item.Meta
                title={t('vault.pendingList.arrives', { day: day.day })}
                description={t('vault.top.entries', { count: day.entries })}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
