import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useT } from '../locales/index.ts';
import { useSettingsDrawer } from './settings-drawer-state.ts';

/** The drawer's code (its fields, colour picker and layout choice) loads when it first opens. */
const SettingsDrawer = lazy(() => import('./SettingsDrawer.tsx'));

/** The header's 页面配置 button. */
export function SettingsButton() {
  const t = useT();
  const setOpen = useSettingsDrawer((s) => s.setOpen);
  return (
    <Button
      type="text"
      icon={<SettingOutlined />}
      aria-label={t('header.settings')}
      onClick={() => setOpen(true)}
    />
  );
}

/**
 * The settings drawer, fetched the first time it opens and kept mounted afterwards (so it can
 * animate closed and opens at once the next time).
 */
export function LazySettingsDrawer() {
  const opened = useSettingsDrawer((s) => s.everOpened);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDrawer />
    </Suspense>
  );
}
