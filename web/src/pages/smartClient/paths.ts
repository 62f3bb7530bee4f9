import type { PackRow } from '@dc/contract';

/** Where the crowd pack screens live; the pack id travels as `?id=`. */
export const LIST_PATH = '/smartClient/crowd-pack';
export const RULE_EDIT_PATH = '/smartClient/crowd-pack-edit';
export const COMBINED_EDIT_PATH = '/smartClient/crowd-pack-combined-edit';

export const editPathOf = (pack: Pick<PackRow, 'id' | 'kind'>) =>
  `${pack.kind === 'rule' ? RULE_EDIT_PATH : COMBINED_EDIT_PATH}?id=${pack.id}`;
export const detailPathOf = (id: number) => `/smartClient/crowd-pack-detail?id=${id}`;
