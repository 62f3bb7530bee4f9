import { CONTRACT_AMOUNT_MAX, ContractStatus, ContractType } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance, InputNumber, Radio, Select } from 'antd';
import { useLanguage, useT } from '../../locales/index.ts';
import { exclusiveKeys, fetchApplysubInfo } from '../exclusive/exclusive-service.ts';
import { directions } from './contract-filters.ts';
import { type ContractFormValues, yuanToFen } from './contract-form.ts';
import { contractLabels } from './contract-labels.ts';
import { contractKeys, fetchMainContracts } from './contract-service.ts';

/**
 * Step 2: the provider, the main contract a sub-contract or supplement belongs to (one of the
 * provider's main contracts that did not fail audit), the direction and the amount in yuan.
 */
export function ContractPartiesStep({ form }: { form: FormInstance<ContractFormValues> }) {
  const t = useT();
  const labels = contractLabels(useLanguage((s) => s.language));
  const type = Form.useWatch('type', form);
  const providerId = Form.useWatch('providerId', form);
  const needsParent = type !== undefined && type !== ContractType.main;
  const info = useQuery({ queryKey: exclusiveKeys.info, queryFn: fetchApplysubInfo });
  const mains = useQuery({
    queryKey: contractKeys.mains(providerId ?? 0),
    queryFn: ({ signal }) => fetchMainContracts(providerId ?? 0, signal),
    enabled: needsParent && providerId !== undefined,
  });
  const parents = (mains.data?.dataList ?? []).filter((c) => c.status !== ContractStatus.failedAudit);
  return (
    <>
      <Form.Item
        name="providerId"
        label={t('contract.form.provider')}
        rules={[{ required: true, message: t('contract.form.providerRequired') }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={info.isPending}
          options={(info.data?.providers ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onChange={() => form.setFieldValue('parentId', undefined)}
        />
      </Form.Item>
      {needsParent ? (
        <Form.Item
          name="parentId"
          label={t('contract.form.parent')}
          rules={[{ required: true, message: t('contract.form.parentRequired') }]}
        >
          <Select
            disabled={providerId === undefined}
            loading={mains.isFetching}
            placeholder={t('contract.form.parentPlaceholder')}
            notFoundContent={t('contract.form.parentNone')}
            options={parents.map((c) => ({ value: c.id, label: `${c.code} · ${c.title}` }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="direction" label={t('contract.form.direction')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={directions.map((value) => ({ value, label: labels.direction(value) }))}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('contract.form.amount')}
        rules={[
          { required: true, message: t('contract.form.amountRequired') },
          {
            async validator(_rule, value: unknown) {
              if (value === null || value === undefined || value === '') return;
              const fen = yuanToFen(value as string);
              if (fen === undefined || fen > CONTRACT_AMOUNT_MAX)
                throw new Error(t('contract.form.amountInvalid'));
            },
          },
        ]}
      >
        <InputNumber<string> stringMode min="0" precision={2} step="100" style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}
