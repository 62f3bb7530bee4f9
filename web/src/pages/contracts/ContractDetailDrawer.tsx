import { PaperClipOutlined } from '@ant-design/icons';
import type { ContractDetail } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Divider, Drawer, Empty, Flex, Skeleton, Typography } from 'antd';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { isApiRequestError } from '../../request/index.ts';
import { ContractStatusTag } from './ContractStatusTag.tsx';
import { ContractTimeline } from './ContractTimeline.tsx';
import { contractLabels } from './contract-labels.ts';
import { contractKeys, fetchContract } from './contract-service.ts';

/** The spec's template detail page made real: the fields, attachments, relatives and timeline. */
export function ContractDetailDrawer({
  contractId,
  onClose,
}: {
  contractId: number | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const detail = useQuery({
    queryKey: contractKeys.detail(contractId ?? 0),
    queryFn: () => fetchContract(contractId ?? 0),
    enabled: contractId !== undefined,
    retry: (count, error) => !isApiRequestError(error) && count < 2,
  });
  return (
    <Drawer
      open={contractId !== undefined}
      onClose={onClose}
      size={640}
      title={detail.data?.title ?? t('contract.detail.title')}
      data-testid="contract-detail"
    >
      {detail.isError ? (
        <Alert type="error" showIcon title={t('contract.detail.notFound')} />
      ) : detail.data ? (
        <ContractDetailBody contract={detail.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Drawer>
  );
}

function ContractDetailBody({ contract }: { contract: ContractDetail }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const labels = contractLabels(language);
  const relative = (item: ContractDetail['children'][number]) => (
    <Flex gap={8} wrap align="center">
      <Typography.Text code>{item.code}</Typography.Text>
      <span>{item.title}</span>
      <ContractStatusTag status={item.status} />
    </Flex>
  );
  return (
    <Flex vertical gap={8}>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'code', label: t('contract.column.code'), children: contract.code },
          {
            key: 'status',
            label: t('contract.column.status'),
            children: <ContractStatusTag status={contract.status} />,
          },
          { key: 'provider', label: t('contract.column.provider'), children: contract.providerName },
          { key: 'type', label: t('contract.column.type'), children: labels.type(contract.type) },
          {
            key: 'direction',
            label: t('contract.column.direction'),
            children: labels.direction(contract.direction),
          },
          {
            key: 'amount',
            label: t('contract.column.amount'),
            children: formatFen(contract.amount, language),
          },
          {
            key: 'period',
            label: t('contract.detail.period'),
            children: `${contract.startDate} ~ ${contract.endDate}`,
          },
          { key: 'createdAt', label: t('contract.column.createdAt'), children: contract.createdAt },
          { key: 'updatedAt', label: t('contract.detail.updatedAt'), children: contract.updatedAt },
          ...(contract.parent
            ? [{ key: 'parent', label: t('contract.detail.parent'), children: relative(contract.parent) }]
            : []),
          ...(contract.remark
            ? [
                {
                  key: 'remark',
                  label: t('contract.detail.remark'),
                  children: <span style={{ whiteSpace: 'pre-wrap' }}>{contract.remark}</span>,
                },
              ]
            : []),
        ]}
      />
      {contract.children.length > 0 ? (
        <>
          <Divider titlePlacement="start">{t('contract.detail.children')}</Divider>
          <Flex vertical gap={8}>
            {contract.children.map((item) => (
              <div key={item.id}>{relative(item)}</div>
            ))}
          </Flex>
        </>
      ) : null}
      <Divider titlePlacement="start">{t('contract.detail.attachments')}</Divider>
      {contract.attachments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('contract.detail.noAttachments')} />
      ) : (
        <Flex vertical gap={8}>
          {contract.attachments.map((attachment) => (
            <div key={attachment.url}>
              <Typography.Link href={attachment.url} target="_blank" rel="noopener noreferrer">
                <PaperClipOutlined /> {attachment.name}
              </Typography.Link>
            </div>
          ))}
        </Flex>
      )}
      <Divider titlePlacement="start">{t('contract.detail.timeline')}</Divider>
      <ContractTimeline events={contract.timeline} />
    </Flex>
  );
}
