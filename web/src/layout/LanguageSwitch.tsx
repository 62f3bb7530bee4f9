import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLanguage, useT } from '../locales/index.ts';

/**
 * The language menu. `openAtMount`: the public pages load it when the pointer or the focus
 * reaches their stand-in button (issue 21 item 2), so it opens at once, as hovering it would have.
 */
export function LanguageSwitch({
  openAtMount = false,
  focusAtMount = false,
}: {
  openAtMount?: boolean;
  focusAtMount?: boolean;
}) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const [open, setOpen] = useState(openAtMount);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusAtMount) button.current?.focus();
  }, [focusAtMount]);
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: [
          { key: 'zh-CN', label: '简体中文' },
          { key: 'en-US', label: 'English' },
        ],
        onClick: ({ key }) => setLanguage(key as typeof language),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('header.language')} ref={button} />
    </Dropdown>
  );
}
