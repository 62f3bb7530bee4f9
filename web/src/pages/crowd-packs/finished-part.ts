import { type Combination, type RuleGroup, type RuleNode, ruleConditionSchema } from '@dc/contract';

/**
 * The part of a definition being edited that can be counted now (issue 17 item 6): a condition
 * still being filled in is left out (its group too when nothing else is left in it) instead of
 * blanking the whole live count. `keyOf` turns a node key of the counted part (as the count
 * answers it) back into the key of the same node in the editor; `unfinished` lists the editor
 * keys left out.
 */
export interface FinishedPart<T> {
  /** Undefined when nothing is finished: there is nothing to count. */
  counted: T | undefined;
  unfinished: string[];
  keyOf: ReadonlyMap<string, string>;
}

/** The finished conditions of a rule, keyed `rule.children.0…` like the live count's nodes. */
export function finishedRule(rule: RuleGroup): FinishedPart<RuleGroup> {
  const unfinished: string[] = [];
  const keyOf = new Map<string, string>();
  const visit = (group: RuleGroup, editorKey: string, countedKey: string): RuleGroup | undefined => {
    const children: RuleNode[] = [];
    group.children.forEach((child, index) => {
      const childEditorKey = `${editorKey}.children.${index}`;
      const childCountedKey = `${countedKey}.children.${children.length}`;
      if (child.type === 'group') {
        const kept = visit(child, childEditorKey, childCountedKey);
        if (kept) children.push(kept);
      } else if (ruleConditionSchema.safeParse(child).success) {
        keyOf.set(childCountedKey, childEditorKey);
        children.push(child);
      } else {
        unfinished.push(childEditorKey);
      }
    });
    if (children.length === 0) return undefined;
    keyOf.set(countedKey, editorKey);
    return { ...group, children };
  };
  return { counted: visit(rule, 'rule', 'rule'), unfinished, keyOf };
}

/** The include groups that have packs chosen; an empty one is left out of the count. */
export function finishedCombination(combination: Combination): FinishedPart<Combination> {
  const unfinished: string[] = [];
  const keyOf = new Map<string, string>([
    ['combination', 'combination'],
    ['combination.exclude', 'combination.exclude'],
  ]);
  const include: number[][] = [];
  combination.include.forEach((group, index) => {
    const editorKey = `combination.include.${index}`;
    if (group.length === 0) {
      unfinished.push(editorKey);
      return;
    }
    const countedKey = `combination.include.${include.length}`;
    keyOf.set(countedKey, editorKey);
    for (let at = 0; at < group.length; at++) keyOf.set(`${countedKey}.${at}`, `${editorKey}.${at}`);
    include.push(group);
  });
  return {
    counted: include.length > 0 ? { ...combination, include } : undefined,
    unfinished,
    keyOf,
  };
}

/** A count's nodes under the editor's keys (nodes the editor does not have are dropped). */
export function editorNodes(
  nodes: Record<string, number> | undefined,
  keyOf: ReadonlyMap<string, string>,
): Record<string, number> | undefined {
  if (!nodes) return undefined;
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(nodes)) {
    const editorKey = keyOf.get(key);
    if (editorKey !== undefined) out[editorKey] = value;
  }
  return out;
}
