import type { Language } from './errors.ts';

/**
 * A schema's own message (`.min(1, 'add at least one variant')`) is English on the zod issue,
 * which is what zod carries and what developers read. `worded` registers the Chinese beside it so
 * the server answers a person in the request's language (`schemaWordingOf`).
 */
const wordings = new Map<string, Record<Language, string>>();

/** The English message for a schema, its Chinese registered for the server's answers. */
export function worded(zhCN: string, enUS: string): string {
  wordings.set(enUS, { 'zh-CN': zhCN, 'en-US': enUS });
  return enUS;
}

/** Both languages of a schema's own English message, when it was registered with `worded`. */
export const schemaWordingOf = (english: string): Record<Language, string> | undefined =>
  wordings.get(english);

/** Every registered wording, for the test that checks each has both languages. */
export const allSchemaWordings = (): ReadonlyArray<Record<Language, string>> => [...wordings.values()];
