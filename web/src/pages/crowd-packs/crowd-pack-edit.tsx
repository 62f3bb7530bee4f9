import { type PackRow, type RuleGroup, ruleSchema } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo, useState } from 'react';
import { useT } from '../../locales/index.ts';
import { editorNodes, finishedRule } from './finished-part.ts';
import { PackEditForm, PackEditPage, type PackFormValues, usePackSave } from './PackEditFrame.tsx';
import { RULE_NEW_PATH } from './paths.ts';
import { RuleGroupEditor } from './RuleGroupEditor.tsx';
import { errorsByNode, withoutKeys } from './rule-errors.ts';
import { emptyRule } from './rule-tree.ts';
import { countPack, packKeys } from './service.ts';
import { useDebounced } from './use-debounced.ts';

/** 新建 / 编辑人群包: the visual rule builder with live counts (issue 8 items 1 and 3); `?id=` edits. */
export default function CrowdPackEditPage() {
  return <PackEditPage editor={RulePackEditor} newPath={RULE_NEW_PATH} />;
}

function RulePackEditor({ pack }: { pack: PackRow | undefined }) {
  const t = useT();
  const [form] = Form.useForm<PackFormValues>();
  const [rule, setRule] = useState<RuleGroup>(pack?.rule ?? emptyRule());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const parsed = useMemo(() => ruleSchema.safeParse(rule), [rule]);
  // Unfinished conditions are marked as such (a warning) and left out of the count; any other
  // problem (too many conditions, an empty rule) is an error on its node.
  const part = useMemo(() => finishedRule(rule), [rule]);
  const unfinishedKeys = new Set(part.unfinished);
  const clientErrors = parsed.success
    ? {}
    : withoutKeys(errorsByNode(parsed.error.issues, t('crowdPacks.live.invalid')), unfinishedKeys);
  const settled = useDebounced(rule, 400);
  const settledPart = useMemo(() => finishedRule(settled), [settled]);
  const countable = useMemo(
    () => settledPart.counted !== undefined && ruleSchema.safeParse(settledPart.counted).success,
    [settledPart],
  );
  const count = useQuery({
    queryKey: packKeys.count({ kind: 'rule', rule: settledPart.counted! }),
    queryFn: ({ signal }) => countPack({ kind: 'rule', rule: settledPart.counted! }, signal),
    enabled: countable,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const shownCount = countable ? count.data : undefined;
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
      title={t(pack ? 'crowdPacks.editRule' : 'crowdPacks.newRuleTitle')}
      pack={pack}
      form={form}
      count={shownCount}
      counting={countable && count.isFetching}
      unfinished={part.unfinished.length}
      valid={parsed.success}
      saving={save.isPending}
      onSave={(values) => save.mutate(values)}
    >
      <RuleGroupEditor
        rule={rule}
        address={[]}
        counts={editorNodes(shownCount?.nodes, settledPart.keyOf)}
        errors={{ ...clientErrors, ...serverErrors }}
        unfinished={unfinishedKeys}
        onChange={edit}
      />
    </PackEditForm>
  );
}
