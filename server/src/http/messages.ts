import type { Language } from '@dc/contract';

/**
 * A message worded in every language of the console. `{name}` marks a placeholder that `message()`
 * fills; a catalogue entry without one of the languages does not typecheck.
 */
export type Wording = Readonly<Record<Language, string>>;

/** What a failure carries to the client: a catalogue wording (answered in the request's language) or plain text. */
export type Message = string | Wording;

/** The placeholder names of a wording, `'max' | 'field'` for 'at most {max} in {field}'. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

type ParamsOf<W extends Wording> = Placeholders<W[Language]>;

export type MessageParams = Readonly<Record<string, string | number>>;

/** A message catalogue: keys to wordings in every language (typed by `satisfies`, keys kept literal). */
export const defineMessages = <const C extends Record<string, Wording>>(catalogue: C): C => catalogue;

const fill = (text: string, params: MessageParams | undefined) =>
  params
    ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
    : text;

/** A catalogue wording with its placeholders filled, still in every language. */
export function message<W extends Wording>(
  wording: W,
  ...params: [ParamsOf<W>] extends [never] ? [] : [Readonly<Record<ParamsOf<W>, string | number>>]
): Wording {
  const values = params[0] as MessageParams | undefined;
  return { 'zh-CN': fill(wording['zh-CN'], values), 'en-US': fill(wording['en-US'], values) };
}

/** The text of a message in one language. */
export const inLanguage = (said: Message, lang: Language): string =>
  typeof said === 'string' ? said : said[lang];

/** A catalogue wording in one language, placeholders filled: success messages of routes. */
export function say<W extends Wording>(
  lang: Language,
  wording: W,
  ...params: [ParamsOf<W>] extends [never] ? [] : [Readonly<Record<ParamsOf<W>, string | number>>]
): string {
  return message(wording, ...params)[lang];
}

/** True when a value is a wording (both languages as strings), not plain text. */
export const isWording = (value: unknown): value is Wording =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Wording)['zh-CN'] === 'string' &&
  typeof (value as Wording)['en-US'] === 'string';
