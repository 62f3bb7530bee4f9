import { type AuditAction, type AuditEvent, auditActions } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { AllOptionSelect } from '../../components/AllOptionSelect.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { type MessageKey, useT } from '../../locales/index.ts';
import { type AuditFilter, auditEventsKey, fetchAuditEvents } from './self-information-audit-service.ts';

const PAGE_SIZE = 10;

/** Colour of an action's tag: failures red, money gold, deletions volcano, the rest neutral. */
const ACTION_COLOURS: Partial<Record<AuditAction, string>> = {
  'sign-in-failed': 'red',
  'withdrawal-request': 'gold',
  'withdrawal-transition': 'gold',
  export: 'blue',
  delete: 'volcano',
};

const ACTION_LABELS: Record<AuditAction, MessageKey> = {
  'sign-in': 'selfInfo.audit.action.sign-in',
  'sign-in-failed': 'selfInfo.audit.action.sign-in-failed',
  logout: 'selfInfo.audit.action.logout',
  'password-change': 'selfInfo.audit.action.password-change',
  'password-reset': 'selfInfo.audit.action.password-reset',
  'phone-change': 'selfInfo.audit.action.phone-change',
  'wechat-bind': 'selfInfo.audit.action.wechat-bind',
  'wechat-unbind': 'selfInfo.audit.action.wechat-unbind',
  'member-unbind': 'selfInfo.audit.action.member-unbind',
  'withdrawal-request': 'selfInfo.audit.action.withdrawal-request',
  'withdrawal-transition': 'selfInfo.audit.action.withdrawal-transition',
  export: 'selfInfo.audit.action.export',
  delete: 'selfInfo.audit.action.delete',
};
const actionKey = (action: AuditAction): MessageKey => ACTION_LABELS[action];

/** 个人信息 › 操作记录 (issue 11 item 4): the designer's own audit log, read-only. */
export function SelfInformationAudit() {
  const t = useT();
  const [filter, setFilter] = useState<AuditFilter>({ page: 1, pageSize: PAGE_SIZE });
  const list = useQuery({
    queryKey: auditEventsKey(filter),
    queryFn: ({ signal }) => fetchAuditEvents(filter, signal),
    placeholderData: keepPreviousData,
  });
  const change = (next: Partial<AuditFilter>) => setFilter((current) => ({ ...current, ...next, page: 1 }));

  const columns: TableColumnsType<AuditEvent> = [
    { key: 'occurredAt', dataIndex: 'occurredAt', title: t('selfInfo.audit.time'), width: 180 },
    {
      key: 'action',
      title: t('selfInfo.audit.actionColumn'),
      width: 150,
      render: (_, event) => (
        <Flex vertical gap={2} align="start">
          <Tag color={ACTION_COLOURS[event.action]}>{t(actionKey(event.action))}</Tag>
          {event.actor === 'operator' ? (
            <Typography.Text type="secondary">{t('selfInfo.audit.byOperator')}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'summary', dataIndex: 'summary', title: t('selfInfo.audit.detail') },
    {
      key: 'client',
      title: t('selfInfo.audit.client'),
      width: 220,
      render: (_, event) =>
        event.clientIp || event.userAgent ? (
          <Tooltip title={event.userAgent}>
            <Flex vertical>
              <Typography.Text>{event.clientIp ?? '—'}</Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 200 }}>
                {event.userAgent ?? ''}
              </Typography.Text>
            </Flex>
          </Tooltip>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Card
      title={t('selfInfo.audit.title')}
      extra={
        list.data ? (
          <Typography.Text type="secondary">
            {t('selfInfo.audit.total', { count: list.data.totalNumber })}
          </Typography.Text>
        ) : null
      }
    >
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <AllOptionSelect<AuditAction>
          aria-label={t('selfInfo.audit.actionFilter')}
          name={t('selfInfo.audit.actionFilter')}
          style={{ width: 180 }}
          value={filter.action}
          onChange={(action) => change({ action })}
          options={auditActions.map((value) => ({ value, label: t(actionKey(value)) }))}
        />
        <DatePicker.RangePicker
          aria-label={t('selfInfo.audit.dateFilter')}
          value={filter.from && filter.to ? [dayjs(filter.from), dayjs(filter.to)] : null}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          onChange={(range) =>
            change({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
          }
        />
      </Flex>
      {list.isError ? (
        <LoadFailed onRetry={list.refetch} />
      ) : (
        <Table<AuditEvent>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.dataList ?? []}
          loading={list.isFetching}
          data-testid="audit-table"
          scroll={{ x: 760 }}
          pagination={{
            current: filter.page,
            pageSize: PAGE_SIZE,
            total: list.data?.totalNumber ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: (page) => setFilter((current) => ({ ...current, page })),
          }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('selfInfo.audit.empty')} />,
          }}
        />
      )}
    </Card>
  );
}
