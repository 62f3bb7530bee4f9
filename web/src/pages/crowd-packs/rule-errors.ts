/**
 * Where a problem belongs in the builder: the node its path points into. `['children', 0,
 * 'max']` (a zod issue under the rule) and `rule.children.0.max` (a server 40000) both answer
 * `rule.children.0`, the key the editor shows it on.
 */
export function nodeKeyOfPath(path: ReadonlyArray<string | number | symbol> | string): string {
  const parts = (typeof path === 'string' ? path.split('.') : path.map(String)).filter((p) => p !== 'rule');
  const kept: string[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    if (parts[i] !== 'children' || !/^\d+$/.test(parts[i + 1]!)) break;
    kept.push('children', parts[i + 1]!);
  }
  return ['rule', ...kept].join('.');
}

/** Problems by node key (the first for each node). */
export function errorsByNode(
  issues: ReadonlyArray<{ path: ReadonlyArray<string | number | symbol> | string }>,
  message: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = nodeKeyOfPath(issue.path);
    out[key] ??= message;
  }
  return out;
}

/** The problems of nodes other than `keys` (those are marked otherwise, as unfinished). */
export function withoutKeys(
  errors: Record<string, string>,
  keys: ReadonlySet<string>,
): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !keys.has(key)));
}
