import { create } from 'zustand';

interface SettingsDrawerState {
  open: boolean;
  /** Whether it has been opened once: its code is fetched then (see LazySettingsDrawer). */
  everOpened: boolean;
  setOpen(open: boolean): void;
}

/**
 * Whether the settings drawer is open. Shared because two buttons open it: the header's, and a
 * floating one while the header is hidden (otherwise the header could never be switched back on).
 */
export const useSettingsDrawer = create<SettingsDrawerState>()((set) => ({
  open: false,
  everOpened: false,
  setOpen: (open) => set((state) => ({ open, everOpened: state.everOpened || open })),
}));
