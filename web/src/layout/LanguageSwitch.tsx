import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useLanguage, useT } from '../locales/index.ts';

export function LanguageSwitch() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <Dropdown
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
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('header.language')} />
    </Dropdown>
  );
}
