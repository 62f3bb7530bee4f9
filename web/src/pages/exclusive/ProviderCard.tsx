import { EnvironmentOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { type Provider, providerKindLabels } from '@dc/contract';
import { Avatar, Button, Card, Flex, Tag, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { pictureAt } from '../../components/pictures.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { ApplicationStatusTag } from './ApplicationStatusTag.tsx';
import { useProviderCollect } from './use-provider-collect.ts';

/** One provider: logo, kind, city, styles, description, collect star and application status. */
export function ProviderCard({ provider }: { provider: Provider }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { token } = theme.useToken();
  const collect = useProviderCollect();
  return (
    <Card
      style={{ height: '100%' }}
      data-testid="provider-card"
      data-provider={provider.name}
      data-collected={provider.collected ? 'true' : 'false'}
      actions={[
        <Button
          key="collect"
          type="text"
          aria-pressed={provider.collected}
          icon={provider.collected ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
          onClick={() => collect.mutate({ provider, collected: !provider.collected })}
        >
          {provider.collected ? t('provider.uncollect') : t('provider.collect')}
        </Button>,
        <Link key="apply" to={`?provider=${provider.id}`}>
          {t('provider.apply')}
        </Link>,
      ]}
    >
      <Flex gap={12} align="flex-start">
        <Avatar shape="square" size={48} src={pictureAt(provider.logo, 160)} alt="">
          {provider.name.slice(0, 1)}
        </Avatar>
        <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong ellipsis>
              {provider.name}
            </Typography.Text>
            <Tag style={{ margin: 0 }}>{providerKindLabels[provider.kind][language]}</Tag>
            {provider.applicationStatus ? (
              <ApplicationStatusTag status={provider.applicationStatus} style={{ margin: 0 }} />
            ) : null}
          </Flex>
          <Typography.Text type="secondary">
            <EnvironmentOutlined /> {provider.cityName}
          </Typography.Text>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '12px 0 8px' }}>
        {provider.description}
      </Typography.Paragraph>
      <Flex gap={4} wrap>
        {provider.styles.map((style) => (
          <Tag key={style} color="purple" variant="filled" style={{ margin: 0 }}>
            {style}
          </Tag>
        ))}
      </Flex>
      {provider.collectedAt ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {t('provider.collectedAt', { time: provider.collectedAt })}
        </Typography.Text>
      ) : null}
    </Card>
  );
}
