/** One area's strings in both languages; en-US must have exactly the keys of zh-CN. */
export function defineMessages<const Z extends Record<string, string>>(
  zhCN: Z,
  enUS: { [K in keyof Z]: string },
): { 'zh-CN': Z; 'en-US': { [K in keyof Z]: string } } {
  return { 'zh-CN': zhCN, 'en-US': enUS };
}
