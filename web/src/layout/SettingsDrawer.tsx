import { CopyOutlined, DesktopOutlined, MoonOutlined, SunOutlined, UndoOutlined } from '@ant-design/icons';
import { App, Button, Divider, Drawer, Flex, Segmented, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { type MessageKey, useT } from '../locales/index.ts';
import { pickSettings, type Settings, useSettings } from '../stores/settings.ts';
import { BrandColorField } from './BrandColorField.tsx';
import { LayoutChoice } from './LayoutChoice.tsx';
import { useSettingsDrawer } from './settings-drawer-state.ts';

const DRAWER_WIDTH = 360;

type SwitchSetting = {
  [K in keyof Settings]: Settings[K] extends boolean ? K : never;
}[keyof Settings];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginBottom: 24 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function SettingSwitch({
  field,
  label,
  hint,
}: {
  field: SwitchSetting;
  label: MessageKey;
  hint?: MessageKey;
}) {
  const t = useT();
  const checked = useSettings((s) => s[field]);
  const update = useSettings((s) => s.update);
  return (
    <Flex justify="space-between" align="center" gap={12} style={{ paddingBlock: 8 }}>
      <Flex vertical>
        <Typography.Text>{t(label)}</Typography.Text>
        {hint && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(hint)}
          </Typography.Text>
        )}
      </Flex>
      <Switch aria-label={t(label)} checked={checked} onChange={(value) => update({ [field]: value })} />
    </Flex>
  );
}

/** Copies the settings as JSON (spec section 2: 'copy configuration'), with its success or failure toast. */
function useCopySettings(): () => Promise<void> {
  const t = useT();
  const { message } = App.useApp();
  return async () => {
    const json = JSON.stringify(pickSettings(useSettings.getState()), null, 2);
    try {
      // Missing outside secure contexts; that is a failure like a refused permission.
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(json);
      void message.success(t('settings.copySucceeded'));
    } catch {
      void message.error(t('settings.copyFailed'));
    }
  };
}

/** 页面配置: theme, brand colour, navigation layout and page elements, all persisted. */
export default function SettingsDrawer() {
  const t = useT();
  const { message } = App.useApp();
  const { open, setOpen } = useSettingsDrawer();
  const settings = useSettings();
  const copySettings = useCopySettings();

  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={() => setOpen(false)}
      size={DRAWER_WIDTH}
      data-testid="settings-drawer"
      footer={
        <Flex vertical gap={8}>
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copySettings()} block>
            {t('settings.copy')}
          </Button>
          <Button
            icon={<UndoOutlined />}
            block
            onClick={() => {
              settings.reset();
              void message.success(t('settings.resetDone'));
            }}
          >
            {t('settings.reset')}
          </Button>
        </Flex>
      }
    >
      <Section title={t('settings.themeMode')}>
        <Segmented<Settings['mode']>
          value={settings.mode}
          onChange={(mode) => settings.update({ mode })}
          options={[
            { value: 'light', label: t('settings.mode.light'), icon: <SunOutlined /> },
            { value: 'dark', label: t('settings.mode.dark'), icon: <MoonOutlined /> },
            { value: 'auto', label: t('settings.mode.auto'), icon: <DesktopOutlined /> },
          ]}
        />
      </Section>
      <Section title={t('settings.brandColor')}>
        <BrandColorField
          value={settings.brandTheme}
          onChange={(brandTheme) => settings.update({ brandTheme })}
        />
      </Section>
      <Section title={t('settings.navigationLayout')}>
        <LayoutChoice value={settings.layout} onChange={(layout) => settings.update({ layout })} />
      </Section>
      <Divider style={{ marginBlock: 8 }} />
      <Section title={t('settings.elements')}>
        {settings.layout === 'mix' && (
          <SettingSwitch field="splitMenu" label="settings.splitMenu" hint="settings.splitMenuHint" />
        )}
        {settings.layout !== 'top' && <SettingSwitch field="isSidebarFixed" label="settings.sidebarFixed" />}
        {settings.layout === 'side' && <SettingSwitch field="showHeader" label="settings.showHeader" />}
        <SettingSwitch field="showBreadcrumb" label="settings.showBreadcrumb" />
        <SettingSwitch field="showFooter" label="settings.showFooter" />
        <SettingSwitch field="isUseTabsRouter" label="settings.useTabsRouter" />
      </Section>
    </Drawer>
  );
}
