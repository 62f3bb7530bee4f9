import type { Language } from '@dc/contract';

/**
 * The plural part of ICU MessageFormat, the only part the catalogue needs: in a message,
 * `{count, plural, one {# entry} other {# entries}}` picks the branch by the language's plural
 * rules (Intl.PluralRules) and `#` stands for the value as it was passed (already formatted,
 * "1,234", or a number). Chinese has one form and needs none of this.
 */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const BRANCH = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

const rules = new Map<Language, Intl.PluralRules>();
function pluralRules(language: Language): Intl.PluralRules {
  let found = rules.get(language);
  if (!found) {
    found = new Intl.PluralRules(language);
    rules.set(language, found);
  }
  return found;
}

/** A value as passed to translate ("1,234" or 1234) as the number the rules choose by. */
function numberOf(value: string | number): number {
  return typeof value === 'number' ? value : Number(value.replace(/[^\d.-]/g, ''));
}

export function selectPlurals(
  language: Language,
  text: string,
  values: Record<string, string | number>,
): string {
  return text.replace(PLURAL, (whole, name: string, body: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    const branches = new Map([...body.matchAll(BRANCH)].map((match) => [match[1], match[2]]));
    const amount = numberOf(value);
    const chosen =
      branches.get(`=${amount}`) ??
      branches.get(pluralRules(language).select(amount)) ??
      branches.get('other');
    return (chosen ?? whole).replaceAll('#', String(value));
  });
}
