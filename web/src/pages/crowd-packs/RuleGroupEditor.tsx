import { BranchesOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { RuleGroup, RuleNode } from '@dc/contract';
import { Button, Card, Flex, Segmented, Tag, theme } from 'antd';
import { useT } from '../../locales/index.ts';
import { RuleConditionEditor } from './RuleConditionEditor.tsx';
import {
  addChild,
  changeField,
  type NodeAddress,
  newCondition,
  newGroup,
  nodeKey,
  removeNode,
  setGroupOperator,
  updateNode,
} from './rule-tree.ts';

export interface RuleGroupEditorProps {
  /** The whole rule (edits answer a new whole rule). */
  rule: RuleGroup;
  address: NodeAddress;
  counts: Record<string, number> | undefined;
  /** Problems by node key (`rule.children.0`). */
  errors: Record<string, string>;
  /** Keys of the conditions not filled in yet: marked, and left out of the live count. */
  unfinished: ReadonlySet<string>;
  onChange(rule: RuleGroup): void;
}

/** A group of conditions (AND / OR) with its live count, nested groups indented beneath it. */
export function RuleGroupEditor({
  rule,
  address,
  counts,
  errors,
  unfinished,
  onChange,
}: RuleGroupEditorProps) {
  const t = useT();
  const { token } = theme.useToken();
  const group = address.reduce<RuleNode>(
    (node, index) => (node as RuleGroup).children[index]!,
    rule,
  ) as RuleGroup;
  const key = nodeKey(address);
  const count = counts?.[key];
  return (
    <Card
      size="small"
      data-testid="rule-group"
      style={{
        borderInlineStart: `3px solid ${group.op === 'and' ? token.colorPrimary : token.colorWarning}`,
      }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 10 } }}
    >
      <Flex gap={8} align="center" wrap>
        <Segmented
          size="small"
          value={group.op}
          options={[
            { value: 'and', label: t('crowdPacks.group.and') },
            { value: 'or', label: t('crowdPacks.group.or') },
          ]}
          onChange={(op) => onChange(setGroupOperator(rule, address, op as RuleGroup['op']))}
        />
        <Tag color={count === undefined ? 'default' : 'purple'} data-testid="rule-group-count">
          {count === undefined ? '—' : t('crowdPacks.people', { count: count.toLocaleString() })}
        </Tag>
        <Flex gap={4} style={{ marginInlineStart: 'auto' }}>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => onChange(addChild(rule, address, newCondition('gender')))}
          >
            {t('crowdPacks.group.addCondition')}
          </Button>
          <Button
            size="small"
            icon={<BranchesOutlined />}
            onClick={() => onChange(addChild(rule, address, newGroup(group.op === 'and' ? 'or' : 'and')))}
          >
            {t('crowdPacks.group.addGroup')}
          </Button>
          {address.length > 0 && (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('crowdPacks.group.remove')}
              onClick={() => onChange(removeNode(rule, address))}
            />
          )}
        </Flex>
      </Flex>
      {errors[key] && <span style={{ color: token.colorError, fontSize: 12 }}>{errors[key]}</span>}
      {group.children.map((child, index) => {
        const childAddress = [...address, index];
        return child.type === 'group' ? (
          <RuleGroupEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: a node's identity is its position in the tree
            key={index}
            rule={rule}
            address={childAddress}
            counts={counts}
            errors={errors}
            unfinished={unfinished}
            onChange={onChange}
          />
        ) : (
          <RuleConditionEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: a node's identity is its position in the tree
            key={index}
            condition={child}
            count={counts?.[nodeKey(childAddress)]}
            error={errors[nodeKey(childAddress)]}
            unfinished={unfinished.has(nodeKey(childAddress))}
            onChange={(next) => onChange(updateNode(rule, childAddress, () => next))}
            onFieldChange={(field) => onChange(changeField(rule, childAddress, field))}
            onRemove={() => onChange(removeNode(rule, childAddress))}
          />
        );
      })}
    </Card>
  );
}
