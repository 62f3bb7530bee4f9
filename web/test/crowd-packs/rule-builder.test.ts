import { type RuleCondition, type RuleGroup, ruleSchema } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { translate } from '../../src/locales/index.ts';
import { combinationText, ruleText, type SummaryNames } from '../../src/pages/crowd-packs/pack-summary.ts';
import { nodeKeyOfPath } from '../../src/pages/crowd-packs/rule-errors.ts';
import {
  addChild,
  changeField,
  conditionCount,
  emptyRule,
  newCondition,
  newGroup,
  nodeAt,
  nodeKey,
  removeNode,
  setGroupOperator,
  updateNode,
} from '../../src/pages/crowd-packs/rule-tree.ts';

const zh = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate('zh-CN', key, values);
const en = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate('en-US', key, values);
const names: SummaryNames = {
  tag: (id) => ({ 1: 'VIP', 2: '旗袍控' })[id],
  product: (id) => (id === 7 ? '真丝旗袍' : undefined),
  city: (code) => (code === '310100' ? '上海市' : undefined),
  pack: (id) => ({ 1: '女性', 2: '上海', 3: 'VIP' })[id],
  course: (id) => (id === 4 ? '旗袍立裁入门' : undefined),
};

describe('issue 8 item 1: the rule builder edits the tree', () => {
  it('§issue 8: adds conditions and groups, switches fields and operators, removes', () => {
    let rule = emptyRule();
    rule = addChild(rule, [], newGroup('or'));
    rule = addChild(rule, [1], newCondition('city'));
    expect(conditionCount(rule)).toBe(3);
    expect(nodeKey([1, 1])).toBe('rule.children.1.children.1');
    rule = changeField(rule, [1, 0], 'tags');
    expect(nodeAt(rule, [1, 0])).toEqual({ type: 'condition', field: 'tags', op: 'any', tagIds: [] });
    rule = setGroupOperator(rule, [], 'or');
    expect(rule.op).toBe('or');
    rule = updateNode(rule, [0], () => ({
      type: 'condition',
      field: 'gender',
      op: 'in',
      values: ['female'],
    }));
    const before = rule;
    rule = removeNode(rule, [1, 1]);
    expect(conditionCount(rule)).toBe(2);
    expect(conditionCount(before)).toBe(3);
    // Removing a group's last condition removes the group; the root stays.
    rule = removeNode(rule, [1, 0]);
    expect(rule.children).toHaveLength(1);
    expect(removeNode(rule, [])).toBe(rule);
  });

  it('§issue 8: a new condition is invalid until filled in; a filled one passes the contract', () => {
    const rule = emptyRule();
    expect(ruleSchema.safeParse(rule).success).toBe(false);
    const filled = updateNode(rule, [0], () => ({
      type: 'condition',
      field: 'gender',
      op: 'in',
      values: ['male'],
    }));
    expect(ruleSchema.safeParse(filled).success).toBe(true);
  });

  it('§issue 8: problems land on the node their path points into', () => {
    expect(nodeKeyOfPath(['children', 0, 'children', 1, 'max'])).toBe('rule.children.0.children.1');
    expect(nodeKeyOfPath('rule.children.2.values')).toBe('rule.children.2');
    expect(nodeKeyOfPath('rule')).toBe('rule');
  });
});

describe('issue 8 item 4: the definition in words', () => {
  const rule: RuleGroup = {
    type: 'group',
    op: 'and',
    children: [
      { type: 'condition', field: 'gender', op: 'in', values: ['female'] },
      {
        type: 'group',
        op: 'or',
        children: [
          { type: 'condition', field: 'city', op: 'in', values: ['310100'] },
          { type: 'condition', field: 'tags', op: 'any', tagIds: [1, 2] },
        ],
      },
      { type: 'condition', field: 'totalSpent', op: 'between', min: 10_000, max: null },
      { type: 'condition', field: 'purchase', op: 'withinDays', days: 30, productIds: [7], categories: [] },
    ],
  };
  it('§issue 8: zh-CN', () => {
    expect(ruleText(rule, zh, names)).toBe(
      '性别为女 且 (城市为上海市 或 带有标签 VIP、旗袍控 之一) 且 累计消费（元） ≥ 100 且 最近 30 天购买过 真丝旗袍',
    );
  });
  it('§issue 8: en-US', () => {
    expect(ruleText(rule, en, names)).toBe(
      'Gender is Female and (City is 上海市 or tagged with any of VIP, 旗袍控) and Total spent (CNY) ≥ 100 and bought 真丝旗袍 in the last 30 days',
    );
  });
  it('§issue 8 item 1: bought a course (any, or these) within N days, in both languages', () => {
    const any = newCondition('coursePurchase') as RuleCondition & { field: 'coursePurchase' };
    expect(any).toEqual({
      type: 'condition',
      field: 'coursePurchase',
      op: 'withinDays',
      days: 30,
      courseIds: [],
    });
    // "Any course" is a complete condition as it is created.
    expect(ruleSchema.safeParse({ type: 'group', op: 'and', children: [any] }).success).toBe(true);
    const some: RuleGroup = {
      type: 'group',
      op: 'or',
      children: [any, { ...any, days: 7, courseIds: [4, 5] }],
    };
    expect(ruleText(some, zh, names)).toBe('最近 30 天购买过课程 或 最近 7 天购买过课程 旗袍立裁入门、#5');
    expect(ruleText(some, en, names)).toBe(
      'bought a course in the last 30 days or bought the course 旗袍立裁入门, #5 in the last 7 days',
    );
  });

  it('§issue 8: a combination reads (A or B) and C, excluding D', () => {
    expect(combinationText({ include: [[1, 2], [3]], exclude: [9] }, en, names)).toBe(
      '(女性 or 上海) and VIP, excluding #9',
    );
    expect(combinationText({ include: [[1]], exclude: [] }, zh, names)).toBe('女性');
  });
});
