import type { PackRow } from '@dc/contract';

/** Where the crowd pack screens live; the pack id travels as `?id=`. */
export const LIST_PATH = '/smartClient/crowd-pack';
/** Editing a saved pack (`?id=`). */
export const RULE_EDIT_PATH = '/smartClient/crowd-pack-edit';
export const COMBINED_EDIT_PATH = '/smartClient/crowd-pack-combined-edit';
/** A new pack: the same editors under their own titles (新建…). */
export const RULE_NEW_PATH = '/smartClient/crowd-pack-new';
export const COMBINED_NEW_PATH = '/smartClient/crowd-pack-combined-new';

export const editPathOf = (pack: Pick<PackRow, 'id' | 'kind'>) =>
  `${pack.kind === 'rule' ? RULE_EDIT_PATH : COMBINED_EDIT_PATH}?id=${pack.id}`;
export const detailPathOf = (id: number) => `/smartClient/crowd-pack-detail?id=${id}`;
