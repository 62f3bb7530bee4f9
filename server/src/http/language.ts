import type { Language } from '@dc/contract';

/** The language of server messages, from Accept-Language; zh-CN unless English comes first. */
export function requestLanguage(acceptLanguage: string | undefined): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}
