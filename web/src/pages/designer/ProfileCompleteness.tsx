import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import type { SelfInfo } from '@dc/contract';
import { Card, Descriptions, Flex, Progress, Tag, Typography, theme } from 'antd';
import { useT } from '../../locales/index.ts';

interface CompletenessItem {
  key: string;
  label: string;
  done: boolean;
  required: boolean;
}

/** The share of the designer information filled in, and which parts are missing. */
export function completenessOf(items: readonly CompletenessItem[]): number {
  if (items.length === 0) return 100;
  return Math.round((items.filter((item) => item.done).length / items.length) * 100);
}

/** What the designer information holds and lacks; nickname and description are what the server requires. */
export function ProfileCompleteness({ info }: { info: SelfInfo }) {
  const t = useT();
  const { token } = theme.useToken();
  const items: CompletenessItem[] = [
    { key: 'nickname', label: t('accounts.nickname'), done: info.nickname.trim() !== '', required: true },
    {
      key: 'description',
      label: t('accounts.designerInfo.description'),
      done: info.description.trim() !== '',
      required: true,
    },
    { key: 'pic', label: t('accounts.designerInfo.avatar'), done: info.pic.trim() !== '', required: false },
  ];
  const percent = completenessOf(items);
  const notSet = <Typography.Text type="secondary">{t('accounts.designerInfo.notSet')}</Typography.Text>;

  return (
    <Card title={t('accounts.designerInfo.completeness')} style={{ height: '100%' }}>
      <Flex vertical align="center" gap={16}>
        <Progress
          type="circle"
          percent={percent}
          aria-label={t('accounts.designerInfo.completeness')}
          size={112}
          data-testid="designer-info-completeness"
        />
        <Flex vertical gap={8} style={{ width: '100%' }}>
          {items.map((item) => (
            <Flex key={item.key} justify="space-between" align="center">
              <span>
                {item.done ? (
                  <CheckCircleFilled style={{ color: token.colorSuccess, marginInlineEnd: 8 }} />
                ) : (
                  <MinusCircleOutlined style={{ color: token.colorTextQuaternary, marginInlineEnd: 8 }} />
                )}
                {item.label}
              </span>
              <Tag color={item.required ? 'processing' : 'default'} variant="outlined">
                {item.required ? t('accounts.designerInfo.required') : t('accounts.designerInfo.optional')}
              </Tag>
            </Flex>
          ))}
        </Flex>
        <Descriptions
          column={1}
          size="small"
          style={{ width: '100%' }}
          items={[
            { key: 'account', label: t('accounts.designerInfo.account'), children: info.account },
            {
              key: 'telephone',
              label: t('accounts.designerInfo.telephone'),
              children: info.telephone || notSet,
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
