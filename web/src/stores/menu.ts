import type { MenuRoute } from '@dc/contract';
import { create } from 'zustand';

/**
 * The session's route tree from `GET /designerapi/v1/menu`. It belongs to one designer: it is
 * dropped at logout and fetched again for whoever signs in next.
 */
interface MenuState {
  designerId: number | null;
  tree: MenuRoute[] | null;
  setTree(designerId: number, tree: MenuRoute[]): void;
  clear(): void;
}

export const useMenu = create<MenuState>()((set) => ({
  designerId: null,
  tree: null,
  setTree: (designerId, tree) => set({ designerId, tree }),
  clear: () => set({ designerId: null, tree: null }),
}));
