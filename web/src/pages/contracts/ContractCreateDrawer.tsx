import type { ContractDetail } from '@dc/contract';
import { ContractType, Direction } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Form, Steps } from 'antd';
import { useState } from 'react';
import { fieldFailuresOf } from '../../components/form-failure.ts';
import { type MessageKey, useT } from '../../locales/index.ts';
import { isApiRequestError, isRequestCancelled } from '../../request/index.ts';
import { ContractAttachmentsStep } from './ContractAttachmentsStep.tsx';
import { ContractBasicStep } from './ContractBasicStep.tsx';
import { ContractConfirmStep } from './ContractConfirmStep.tsx';
import { ContractPartiesStep } from './ContractPartiesStep.tsx';
import {
  type ContractFormValues,
  contractBodyOf,
  contractCreateSteps,
  stepOfField,
} from './contract-form.ts';
import { contractKeys, createContract } from './contract-service.ts';

const initialValues: Partial<ContractFormValues> = {
  type: ContractType.main,
  direction: Direction.receipt,
  attachments: [{ name: '', url: '' }],
  remark: '',
};

/** The body's date fields are one range field on the form. */
const formFieldOf = (name: string) => (name === 'startDate' || name === 'endDate' ? 'period' : name);

/**
 * The spec's template form made real: basic information → parties and amount → attachments →
 * confirm, each step checked before the next; the contract is created pending audit.
 */
export function ContractCreateDrawer({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const t = useT();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ContractFormValues>();
  const [step, setStep] = useState(0);
  const last = contractCreateSteps.length - 1;

  const reset = () => {
    form.resetFields();
    setStep(0);
  };

  const create = useMutation({
    mutationFn: () => createContract(contractBodyOf(form.getFieldsValue(true) as ContractFormValues)),
    onSuccess: async (contract: ContractDetail) => {
      void message.success(t('contract.form.created'));
      queryClient.setQueryData(contractKeys.detail(contract.id), contract);
      await queryClient.invalidateQueries({ queryKey: contractKeys.all });
      reset();
      onCreated(contract.id);
    },
    onError: (error) => {
      if (isRequestCancelled(error) || (isApiRequestError(error) && error.handled)) return;
      const failures = fieldFailuresOf(error, t).map((failure) => ({
        name: [formFieldOf(failure.name[0] ?? ''), ...failure.name.slice(1)],
        errors: failure.errors,
      }));
      if (failures.length > 0) {
        form.setFields(failures as Parameters<typeof form.setFields>[0]);
        setStep(stepOfField(failures[0]?.name[0] ?? ''));
      } else {
        void message.error(error instanceof Error ? error.message : String(error));
      }
    },
  });

  const next = async () => {
    try {
      await form.validateFields([...(contractCreateSteps[step]?.fields ?? [])], { recursive: true });
      setStep(step + 1);
    } catch {
      // antd shows the errors on the fields.
    }
  };

  const close = () => {
    if (!form.isFieldsTouched()) {
      reset();
      onClose();
      return;
    }
    modal.confirm({
      title: t('contract.form.discardTitle'),
      okText: t('contract.form.discardOk'),
      okButtonProps: { danger: true },
      cancelText: t('contract.form.discardCancel'),
      onOk: () => {
        reset();
        onClose();
      },
    });
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      size={720}
      title={t('contract.form.title')}
      data-testid="contract-create"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('contract.form.cancel')}</Button>
          {step > 0 ? <Button onClick={() => setStep(step - 1)}>{t('contract.form.previous')}</Button> : null}
          {step < last ? (
            <Button type="primary" onClick={() => void next()}>
              {t('contract.form.next')}
            </Button>
          ) : (
            <Button type="primary" loading={create.isPending} onClick={() => create.mutate()}>
              {t('contract.form.submit')}
            </Button>
          )}
        </Flex>
      }
    >
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 24 }}
        items={contractCreateSteps.map((item) => ({ title: t(item.title as MessageKey) }))}
      />
      <Form<ContractFormValues>
        form={form}
        name="contractCreate"
        layout="vertical"
        initialValues={initialValues}
        disabled={create.isPending}
      >
        {/* Every step stays mounted, so values and lists survive going back and forth. */}
        <div hidden={step !== 0}>
          <ContractBasicStep />
        </div>
        <div hidden={step !== 1}>
          <ContractPartiesStep form={form} />
        </div>
        <div hidden={step !== 2}>
          <ContractAttachmentsStep />
        </div>
        {step === last ? <ContractConfirmStep form={form} /> : null}
      </Form>
    </Drawer>
  );
}
