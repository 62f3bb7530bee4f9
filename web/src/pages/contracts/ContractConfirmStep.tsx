import type { ApplysubInfo } from '@dc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Flex, type FormInstance } from 'antd';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { exclusiveKeys } from '../exclusive/exclusive-service.ts';
import { type ContractFormValues, contractBodyOf } from './contract-form.ts';
import { contractLabels } from './contract-labels.ts';

/** Step 4: everything as it will be sent, for a last look before submitting. */
export function ContractConfirmStep({ form }: { form: FormInstance<ContractFormValues> }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const labels = contractLabels(language);
  const queryClient = useQueryClient();
  const providers = queryClient.getQueryData<ApplysubInfo>(exclusiveKeys.info)?.providers ?? [];
  const body = contractBodyOf(form.getFieldsValue(true) as ContractFormValues);
  const providerName = providers.find((p) => p.id === body.providerId)?.name ?? '';
  return (
    <Flex vertical gap={16} data-testid="contract-confirm">
      <Alert type="info" showIcon title={t('contract.form.confirmHint')} />
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'title', label: t('contract.form.name'), children: body.title },
          { key: 'type', label: t('contract.form.type'), children: labels.type(body.type) },
          {
            key: 'period',
            label: t('contract.form.period'),
            children: `${body.startDate} ~ ${body.endDate}`,
          },
          { key: 'provider', label: t('contract.form.provider'), children: providerName },
          {
            key: 'direction',
            label: t('contract.form.direction'),
            children: labels.direction(body.direction),
          },
          { key: 'amount', label: t('contract.form.amount'), children: formatFen(body.amount, language) },
          {
            key: 'attachments',
            label: t('contract.form.attachments'),
            children: (
              <Flex vertical>
                {body.attachments.map((a) => (
                  <span key={a.url}>{a.name}</span>
                ))}
              </Flex>
            ),
          },
          ...(body.remark
            ? [{ key: 'remark', label: t('contract.form.remark'), children: body.remark }]
            : []),
        ]}
      />
    </Flex>
  );
}
