import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Form, Select, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { useT } from '../../locales/index.ts';
import { ApplicationStatusTag } from './ApplicationStatusTag.tsx';
import { ExclusiveApplicationForm } from './ExclusiveApplicationForm.tsx';
import { ExclusiveApplicationState } from './ExclusiveApplicationState.tsx';
import { exclusiveKeys, fetchApplysubDetail, fetchApplysubInfo } from './exclusive-service.ts';
import { providerFromSearch } from './exclusive-tabs.ts';

/**
 * The application tab: choose a provider (kept as `?provider=`), see where the application to it
 * stands, and fill in, correct or read the application.
 */
export function ExclusiveApplication() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const info = useQuery({ queryKey: exclusiveKeys.info, queryFn: fetchApplysubInfo });
  const providers = info.data?.providers ?? [];
  const chosen = providerFromSearch(search);
  const providerId = providers.some((p) => p.id === chosen) ? chosen : providers[0]?.id;
  const detail = useQuery({
    queryKey: exclusiveKeys.detail(providerId ?? 0),
    queryFn: () => fetchApplysubDetail(providerId ?? 0),
    enabled: providerId !== undefined,
  });

  if (info.isError || detail.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('exclusive.loadFailed')}
        action={
          <Button onClick={() => void (info.isError ? info.refetch() : detail.refetch())}>
            {t('exclusive.retry')}
          </Button>
        }
      />
    );
  }
  if (!info.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (providers.length === 0) {
    return (
      <Card>
        <Empty description={t('exclusive.apply.noProviders')} />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      <Card>
        <Form layout="vertical">
          <Form.Item label={t('exclusive.apply.provider')} htmlFor="exclusive-provider" style={{ margin: 0 }}>
            <Select
              id="exclusive-provider"
              showSearch={{ optionFilterProp: 'title' }}
              style={{ maxWidth: 420 }}
              placeholder={t('exclusive.apply.providerPlaceholder')}
              value={providerId}
              onChange={(id: number) => {
                const next = new URLSearchParams(search);
                next.set('provider', String(id));
                setSearch(next);
              }}
              options={providers.map((provider) => ({
                value: provider.id,
                title: provider.name,
                label: (
                  <Flex justify="space-between" gap={8}>
                    <span>{provider.name}</span>
                    {provider.applicationStatus ? (
                      <ApplicationStatusTag status={provider.applicationStatus} style={{ margin: 0 }} />
                    ) : null}
                  </Flex>
                ),
              }))}
            />
          </Form.Item>
        </Form>
      </Card>
      {detail.data && detail.data.provider.id === providerId ? (
        <>
          <ExclusiveApplicationState detail={detail.data} />
          <ExclusiveApplicationForm
            key={`${providerId}-${detail.data.current?.id ?? 'new'}-${detail.data.current?.status ?? ''}`}
            info={info.data}
            detail={detail.data}
          />
        </>
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      )}
    </Flex>
  );
}
