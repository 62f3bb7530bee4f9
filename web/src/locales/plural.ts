import type { Language } from '@dc/contract';

/**
 * The plural part of ICU MessageFormat, the only part the catalogue needs: in a message,
 * `{count, plural, one {# entry} other {# entries}}` picks the branch by the language's plural
 * rules (Intl.PluralRules) and `#` stands for the value as it was passed (already formatted,
 * "1,234", or a number). Chinese has one form and needs none of this.
 */
const PLURAL = /\{(\w+), plural,((?:\s*=?\w+ \{[^{}]*\})+)\s*\}/g;

export function selectPlurals(language: Language, text: string, values: Record<string, string | number>) {
  return text.replace(PLURAL, (whole, name: string, body: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    const amount = Number(String(value).replace(/[^\d.-]/g, ''));
    const branches = Object.fromEntries([...body.matchAll(/(=?\w+) \{([^{}]*)\}/g)].map((m) => [m[1], m[2]]));
    const chosen =
      branches[`=${amount}`] ?? branches[new Intl.PluralRules(language).select(amount)] ?? branches.other;
    return (chosen ?? whole).replaceAll('#', String(value));
  });
}
