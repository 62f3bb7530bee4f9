import { type PackRow, type RuleGroup, ruleSchema } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo, useState } from 'react';
import { useT } from '../../locales/index.ts';
import { PackEditForm, PackEditPage, type PackFormValues, usePackSave } from './PackEditFrame.tsx';
import { RuleGroupEditor } from './RuleGroupEditor.tsx';
import { errorsByNode } from './rule-errors.ts';
import { emptyRule } from './rule-tree.ts';
import { countPack, packKeys } from './service.ts';
import { useDebounced } from './use-debounced.ts';

/** 编辑人群包: the visual rule builder with live counts (issue 8 items 1 and 3); `?id=` edits. */
export default function CrowdPackEditPage() {
  return <PackEditPage editor={RulePackEditor} />;
}

function RulePackEditor({ pack }: { pack: PackRow | undefined }) {
  const t = useT();
  const [form] = Form.useForm<PackFormValues>();
  const [rule, setRule] = useState<RuleGroup>(pack?.rule ?? emptyRule());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const parsed = useMemo(() => ruleSchema.safeParse(rule), [rule]);
  const clientErrors = parsed.success ? {} : errorsByNode(parsed.error.issues, t('crowdPacks.live.invalid'));
  const settled = useDebounced(rule, 400);
  const settledValid = useMemo(() => ruleSchema.safeParse(settled).success, [settled]);
  const count = useQuery({
    queryKey: packKeys.count({ kind: 'rule', rule: settled }),
    queryFn: ({ signal }) => countPack({ kind: 'rule', rule: settled }, signal),
    enabled: settledValid,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const edit = (next: RuleGroup) => {
    setRule(next);
    setServerErrors({});
  };

  const save = usePackSave({
    pack,
    form,
    bodyOf: (values) => ({ kind: 'rule', ...values, rule }),
    onFieldErrors: (fields) => {
      const ruleIssues = fields.filter((f) => f.name[0] === 'rule').map((f) => ({ path: f.name.join('.') }));
      setServerErrors(errorsByNode(ruleIssues, t('crowdPacks.live.invalid')));
    },
  });

  return (
    <PackEditForm
      title={t('crowdPacks.editRule')}
      pack={pack}
      form={form}
      count={count.data}
      counting={count.isFetching}
      valid={parsed.success}
      saving={save.isPending}
      onSave={(values) => save.mutate(values)}
    >
      <RuleGroupEditor
        rule={rule}
        address={[]}
        counts={count.data?.nodes}
        errors={{ ...clientErrors, ...serverErrors }}
        onChange={edit}
      />
    </PackEditForm>
  );
}
