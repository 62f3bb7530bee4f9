import type { Combination, RuleCondition, RuleGroup, RuleNode } from '@dc/contract';
import type { Translate } from '../../locales/index.ts';

/** Names the summary cannot know by itself: tags, products, courses, cities and packs by id or code. */
export interface SummaryNames {
  tag(id: number): string | undefined;
  /** Impression words by id (absent where no condition can name one). */
  impression?(id: number): string | undefined;
  product(id: number): string | undefined;
  /** Course titles by id (absent where no condition can name one). */
  course?(id: number): string | undefined;
  city(code: string): string | undefined;
  pack(id: number): string | undefined;
}

const yuan = (fen: number) => (fen / 100).toLocaleString('en', { maximumFractionDigits: 2 });

function rangeText(
  t: Translate,
  field: string,
  min: number | null,
  max: number | null,
  format: (value: number) => string = String,
) {
  if (min !== null && max !== null)
    return t('crowdPacks.summary.between', { field, min: format(min), max: format(max) });
  if (min !== null) return t('crowdPacks.summary.atLeast', { field, min: format(min) });
  return t('crowdPacks.summary.atMost', { field, max: format(max ?? 0) });
}

/** One condition in words, in the current language (issue 8 item 4: the one-line summary). */
export function conditionText(condition: RuleCondition, t: Translate, names: SummaryNames): string {
  const list = (items: string[]) => items.join(t('crowdPacks.summary.listSeparator'));
  const field = t(`crowdPacks.field.${condition.field}`);
  switch (condition.field) {
    case 'gender':
      return t('crowdPacks.summary.in', {
        field,
        values: list(condition.values.map((v) => t(`fans.gender.${v}`))),
      });
    case 'source':
      return t('crowdPacks.summary.in', {
        field,
        values: list(condition.values.map((v) => t(`fans.source.${v}`))),
      });
    case 'city':
      return t('crowdPacks.summary.in', {
        field,
        values: list(condition.values.map((c) => names.city(c) ?? c)),
      });
    case 'age':
    case 'orderCount':
      return rangeText(t, field, condition.min, condition.max);
    case 'totalSpent':
      return rangeText(t, field, condition.min, condition.max, yuan);
    case 'followedAt':
    case 'lastActiveAt':
      return condition.op === 'withinDays'
        ? t('crowdPacks.summary.withinDays', { field, days: condition.days })
        : t('crowdPacks.summary.dates', { field, from: condition.from, to: condition.to });
    case 'purchase': {
      const what = [
        ...condition.productIds.map((id) => names.product(id) ?? `#${id}`),
        ...condition.categories.map((c) => t(`crowdPacks.wardrobe.${c}`)),
      ];
      return what.length === 0
        ? t('crowdPacks.summary.purchaseAny', { days: condition.days })
        : t('crowdPacks.summary.purchaseOf', { days: condition.days, what: list(what) });
    }
    case 'coursePurchase':
      return condition.courseIds.length === 0
        ? t('crowdPacks.summary.coursePurchaseAny', { days: condition.days })
        : t('crowdPacks.summary.coursePurchaseOf', {
            days: condition.days,
            what: list(condition.courseIds.map((id) => names.course?.(id) ?? `#${id}`)),
          });
    case 'tags':
      return t(`crowdPacks.summary.tags.${condition.op}`, {
        tags: list(condition.tagIds.map((id) => names.tag(id) ?? `#${id}`)),
      });
    case 'impression':
      return t(`crowdPacks.summary.impression.${condition.op}`, {
        words: list(condition.impressionIds.map((id) => names.impression?.(id) ?? `#${id}`)),
      });
    case 'measurement':
      return rangeText(t, t(`crowdPacks.measure.${condition.key}`), condition.min, condition.max);
    case 'wardrobe': {
      const what = [
        condition.category ? t(`crowdPacks.wardrobe.${condition.category}`) : '',
        condition.size ?? '',
      ]
        .filter(Boolean)
        .join(' ');
      return t('crowdPacks.summary.wardrobe', { what });
    }
  }
}

/** A node in words; nested groups in parentheses. */
export function nodeText(node: RuleNode, t: Translate, names: SummaryNames, nested = false): string {
  if (node.type === 'condition') return conditionText(node, t, names);
  const joined = node.children
    .map((child) => nodeText(child, t, names, true))
    .join(t(node.op === 'and' ? 'crowdPacks.summary.and' : 'crowdPacks.summary.or'));
  return nested && node.children.length > 1 ? `(${joined})` : joined;
}

export const ruleText = (rule: RuleGroup, t: Translate, names: SummaryNames) => nodeText(rule, t, names);

/** A combination in words: `(A or B) and C, excluding D`. */
export function combinationText(combination: Combination, t: Translate, names: SummaryNames): string {
  const pack = (id: number) => names.pack(id) ?? t('crowdPacks.summary.unknownPack', { id });
  const groups = combination.include.map((group) => {
    const joined = group.map(pack).join(t('crowdPacks.summary.or'));
    return group.length > 1 && combination.include.length > 1
      ? t('crowdPacks.summary.include', { packs: joined })
      : joined;
  });
  const included = groups.join(t('crowdPacks.summary.and'));
  if (combination.exclude.length === 0) return included;
  return `${included}${t('crowdPacks.summary.exclude', { packs: combination.exclude.map(pack).join(t('crowdPacks.summary.listSeparator')) })}`;
}
