import type { FanFilterValue } from '@dc/contract';
import { create } from 'zustand';

/**
 * The fans chosen on the list for 批量标签管理: ticked ids (kept across pages), or "every fan
 * the filter matches" with the count seen when it was chosen. Kept in memory only: a selection
 * is a moment's intent, not a setting.
 */
export type FanSelectionState =
  | { kind: 'ids'; fanIds: number[] }
  | { kind: 'filter'; filter: FanFilterValue; count: number };

interface FanSelectionStore {
  selection: FanSelectionState;
  setIds(fanIds: number[]): void;
  selectFilter(filter: FanFilterValue, count: number): void;
  clear(): void;
}

export const useFanSelection = create<FanSelectionStore>()((set) => ({
  selection: { kind: 'ids', fanIds: [] },
  setIds: (fanIds) => set({ selection: { kind: 'ids', fanIds } }),
  selectFilter: (filter, count) => set({ selection: { kind: 'filter', filter, count } }),
  clear: () => set({ selection: { kind: 'ids', fanIds: [] } }),
}));

export const selectionSize = (selection: FanSelectionState) =>
  selection.kind === 'ids' ? selection.fanIds.length : selection.count;
