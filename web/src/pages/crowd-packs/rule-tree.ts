import type { RuleCondition, RuleField, RuleGroup, RuleNode } from '@dc/contract';

/**
 * The rule builder's edits (issue 8 item 1) as pure functions over the tree: each answers a new
 * tree and leaves the old one untouched, so React sees every change. A node is addressed by the
 * indices of its ancestors' children (`[]` is the root group, `[1, 0]` the first child of the
 * second child); its key in live counts is `rule.children.1.children.0`.
 */
export type NodeAddress = readonly number[];

export const nodeKey = (address: NodeAddress): string =>
  ['rule', ...address.flatMap((index) => ['children', String(index)])].join('.');

/** A fresh condition of `field` with its first operator and empty values. */
export function newCondition(field: RuleField): RuleCondition {
  const c = { type: 'condition' as const };
  switch (field) {
    case 'gender':
    case 'city':
    case 'source':
      return { ...c, field, op: 'in', values: [] } as RuleCondition;
    case 'age':
    case 'totalSpent':
    case 'orderCount':
      return { ...c, field, op: 'between', min: null, max: null } as RuleCondition;
    case 'followedAt':
    case 'lastActiveAt':
      return { ...c, field, op: 'withinDays', days: 30 };
    case 'purchase':
      return { ...c, field, op: 'withinDays', days: 30, productIds: [], categories: [] };
    case 'coursePurchase':
      return { ...c, field, op: 'withinDays', days: 30, courseIds: [] };
    case 'tags':
      return { ...c, field, op: 'any', tagIds: [] };
    case 'impression':
      return { ...c, field, op: 'any', impressionIds: [] };
    case 'measurement':
      return { ...c, field, op: 'between', key: 'height', min: null, max: null };
    case 'wardrobe':
      return { ...c, field, op: 'contains', category: null, size: null };
  }
}

export const newGroup = (op: RuleGroup['op'] = 'and'): RuleGroup => ({
  type: 'group',
  op,
  children: [newCondition('gender')],
});

export const emptyRule = (): RuleGroup => newGroup('and');

/** The node at `address`, or undefined. */
export function nodeAt(rule: RuleGroup, address: NodeAddress): RuleNode | undefined {
  let node: RuleNode | undefined = rule;
  for (const index of address) {
    if (node?.type !== 'group') return undefined;
    node = node.children[index];
  }
  return node;
}

/** Replaces the node at `address` with what `change` makes of it. */
export function updateNode(
  rule: RuleGroup,
  address: NodeAddress,
  change: (node: RuleNode) => RuleNode,
): RuleGroup {
  const visit = (node: RuleNode, depth: number): RuleNode => {
    if (depth === address.length) return change(node);
    if (node.type !== 'group') return node;
    const at = address[depth]!;
    return {
      ...node,
      children: node.children.map((child, i) => (i === at ? visit(child, depth + 1) : child)),
    };
  };
  return visit(rule, 0) as RuleGroup;
}

/** Appends a child to the group at `address`. */
export const addChild = (rule: RuleGroup, address: NodeAddress, child: RuleNode): RuleGroup =>
  updateNode(rule, address, (node) =>
    node.type === 'group' ? { ...node, children: [...node.children, child] } : node,
  );

/** Removes the node at `address` (never the root); a group left empty goes too. */
export function removeNode(rule: RuleGroup, address: NodeAddress): RuleGroup {
  if (address.length === 0) return rule;
  const parent = address.slice(0, -1);
  const index = address[address.length - 1]!;
  const next = updateNode(rule, parent, (node) =>
    node.type === 'group' ? { ...node, children: node.children.filter((_, i) => i !== index) } : node,
  );
  const left = nodeAt(next, parent);
  if (parent.length > 0 && left?.type === 'group' && left.children.length === 0)
    return removeNode(next, parent);
  return next;
}

/** Switches a condition to another field (its values start over). */
export const changeField = (rule: RuleGroup, address: NodeAddress, field: RuleField): RuleGroup =>
  updateNode(rule, address, () => newCondition(field));

/** AND ↔ OR of the group at `address`. */
export const setGroupOperator = (rule: RuleGroup, address: NodeAddress, op: RuleGroup['op']): RuleGroup =>
  updateNode(rule, address, (node) => (node.type === 'group' ? { ...node, op } : node));

/** Conditions in the tree. */
export const conditionCount = (node: RuleNode): number =>
  node.type === 'condition' ? 1 : node.children.reduce((sum, child) => sum + conditionCount(child), 0);
