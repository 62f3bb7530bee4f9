import type { ApplysubDetail } from '@dc/contract';
import { Alert, Collapse, Flex, Typography } from 'antd';
import { useT } from '../../locales/index.ts';
import { ApplicationStatusTag } from './ApplicationStatusTag.tsx';

/** Where the application to the chosen provider stands, and the earlier (rejected) attempts. */
export function ExclusiveApplicationState({ detail }: { detail: ApplysubDetail }) {
  const t = useT();
  const { current, provider, history } = detail;
  const status = current?.status ?? 'none';
  const common = {
    showIcon: true,
    'data-testid': 'application-state',
    'data-status': status,
    'data-provider': provider.name,
  };

  let alert: React.ReactNode;
  if (!current) {
    alert = (
      <Alert
        {...common}
        type="info"
        title={t('exclusive.state.none.title')}
        description={t('exclusive.state.none.text', { provider: provider.name })}
      />
    );
  } else if (current.status === 'pending') {
    alert = (
      <Alert
        {...common}
        type="warning"
        title={t('exclusive.state.pending.title')}
        description={t('exclusive.state.pending.text', {
          attempt: current.attempt,
          time: current.submittedAt,
        })}
      />
    );
  } else if (current.status === 'approved') {
    alert = (
      <Alert
        {...common}
        type="success"
        title={t('exclusive.state.approved.title')}
        description={t('exclusive.state.approved.text', {
          provider: provider.name,
          time: current.reviewedAt ?? current.submittedAt,
        })}
      />
    );
  } else {
    alert = (
      <Alert
        {...common}
        type="error"
        title={t('exclusive.state.rejected.title')}
        description={
          <Flex vertical gap={4}>
            <Typography.Text strong data-testid="application-reject-reason">
              {t('exclusive.state.rejected.reason', { reason: current.rejectReason ?? '' })}
            </Typography.Text>
            <span>{t('exclusive.state.rejected.text')}</span>
          </Flex>
        }
      />
    );
  }

  return (
    <Flex vertical gap={8}>
      {alert}
      {history.length > 0 ? (
        <Collapse
          size="small"
          items={[
            {
              key: 'history',
              label: `${t('exclusive.history.title')} (${history.length})`,
              children: (
                <Flex vertical gap={12}>
                  {history.map((item) => (
                    <div key={item.id}>
                      <Flex vertical gap={2} style={{ width: '100%' }}>
                        <Flex justify="space-between" gap={8} wrap>
                          <span>
                            {t('exclusive.history.item', { attempt: item.attempt, time: item.submittedAt })}
                          </span>
                          <ApplicationStatusTag status={item.status} />
                        </Flex>
                        {item.rejectReason ? (
                          <Typography.Text type="secondary">
                            {t('exclusive.state.rejected.reason', { reason: item.rejectReason })}
                          </Typography.Text>
                        ) : null}
                      </Flex>
                    </div>
                  ))}
                </Flex>
              ),
            },
          ]}
        />
      ) : null}
    </Flex>
  );
}
