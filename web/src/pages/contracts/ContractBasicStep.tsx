import { CONTRACT_REMARK_MAX, CONTRACT_TITLE_MAX, contractCreateFieldsSchema } from '@dc/contract';
import { DatePicker, Form, Input, Radio } from 'antd';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { contractTypes } from './contract-filters.ts';
import { contractLabels } from './contract-labels.ts';

/** Step 1: the contract's name, type, term and remark. */
export function ContractBasicStep() {
  const t = useT();
  const labels = contractLabels(useLanguage((s) => s.language));
  return (
    <>
      <Form.Item
        name="title"
        label={t('contract.form.name')}
        rules={[
          { required: true, whitespace: true, message: t('contract.form.nameRequired') },
          zodFieldRule(
            contractCreateFieldsSchema.shape.title,
            t('contract.form.tooLong', { max: CONTRACT_TITLE_MAX }),
          ),
        ]}
      >
        <Input maxLength={CONTRACT_TITLE_MAX} showCount placeholder={t('contract.form.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="type" label={t('contract.form.type')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={contractTypes.map((value) => ({ value, label: labels.type(value) }))}
        />
      </Form.Item>
      <Form.Item
        name="period"
        label={t('contract.form.period')}
        rules={[{ required: true, message: t('contract.form.periodRequired') }]}
      >
        <DatePicker.RangePicker
          style={{ width: '100%' }}
          placeholder={[t('contract.form.start'), t('contract.form.end')]}
        />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('contract.form.remark')}
        rules={[
          zodFieldRule(
            contractCreateFieldsSchema.shape.remark,
            t('contract.form.tooLong', { max: CONTRACT_REMARK_MAX }),
          ),
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={CONTRACT_REMARK_MAX}
          showCount
          placeholder={t('contract.form.remarkPlaceholder')}
        />
      </Form.Item>
    </>
  );
}
