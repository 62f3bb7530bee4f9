import type { TopItems } from '@dc/contract';
import { Card, Empty, List, Tag, Typography } from 'antd';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { sourceLabel } from './labels.ts';

export function TopItemsCard({ data, loading }: { data: TopItems | undefined; loading: boolean }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  return (
    <Card title={t('vault.top.title')} loading={loading}>
      {data && data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('vault.empty')} />
      ) : (
        <List
          size="small"
          data-testid="top-items"
          dataSource={data?.items ?? []}
          renderItem={(item, index) => (
            <List.Item
              key={`${item.sourceType}-${item.sourceId}-${item.title}`}
              extra={<Typography.Text strong>¥{formatFen(item.net, language)}</Typography.Text>}
            >
              <List.Item.Meta
                avatar={<Tag color={index < 3 ? 'gold' : undefined}>{index + 1}</Tag>}
                title={item.title}
                description={
                  <>
                    {item.sourceType && <Tag>{t(sourceLabel(item.sourceType))}</Tag>}
                    {t('vault.top.entries', { count: item.entries })}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
