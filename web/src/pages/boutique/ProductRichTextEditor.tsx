import {
  BoldOutlined,
  ClearOutlined,
  EditOutlined,
  EyeOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
} from '@ant-design/icons';
import { Button, Flex, Segmented, Tooltip, theme } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type MessageKey, useT } from '../../locales/index.ts';
import { ProductRichTextView } from './ProductRichTextView.tsx';

export interface ProductRichTextEditorProps {
  value?: string;
  onChange?(html: string): void;
  ariaLabel: string;
  'data-testid'?: string;
}

type Command = { key: MessageKey; icon: ReactNode; run(): void };

/**
 * A small rich-text editor over contentEditable (no editor package): bold, italic, underline,
 * heading, list, link, clear; and a preview. What it produces is only a proposal: the server
 * keeps the allow-listed form of the HTML.
 */
export function ProductRichTextEditor({
  value = '',
  onChange,
  ariaLabel,
  'data-testid': testId,
}: ProductRichTextEditorProps) {
  const t = useT();
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');

  // Outside changes (a product loaded) replace the content; the editor's own input does not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: back from preview, the new box needs the value
  useEffect(() => {
    const element = box.current;
    if (element && element.innerHTML !== value) element.innerHTML = value;
  }, [value, mode]);

  const emit = () => onChange?.(box.current?.innerHTML ?? '');
  const exec = (command: string, argument?: string) => {
    box.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };
  const commands: Command[] = [
    { key: 'boutique.rich.bold', icon: <BoldOutlined />, run: () => exec('bold') },
    { key: 'boutique.rich.italic', icon: <ItalicOutlined />, run: () => exec('italic') },
    { key: 'boutique.rich.underline', icon: <UnderlineOutlined />, run: () => exec('underline') },
    { key: 'boutique.rich.heading', icon: <FontSizeOutlined />, run: () => exec('formatBlock', 'h3') },
    { key: 'boutique.rich.list', icon: <OrderedListOutlined />, run: () => exec('insertUnorderedList') },
    {
      key: 'boutique.rich.link',
      icon: <LinkOutlined />,
      run: () => {
        const url = window.prompt(t('boutique.rich.linkPrompt'), 'https://');
        if (url && /^https?:\/\//i.test(url)) exec('createLink', url);
      },
    },
    {
      key: 'boutique.rich.clear',
      icon: <ClearOutlined />,
      run: () => {
        exec('removeFormat');
        exec('formatBlock', 'p');
      },
    },
  ];

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" wrap gap={8}>
        <Flex gap={4} wrap>
          {commands.map((command) => (
            <Tooltip key={command.key} title={t(command.key)}>
              <Button
                size="small"
                icon={command.icon}
                aria-label={t(command.key)}
                disabled={mode === 'preview'}
                onMouseDown={(event) => event.preventDefault()}
                onClick={command.run}
              />
            </Tooltip>
          ))}
        </Flex>
        <Segmented
          size="small"
          value={mode}
          onChange={(next) => setMode(next as 'edit' | 'preview')}
          options={[
            { value: 'edit', label: t('boutique.rich.edit'), icon: <EditOutlined /> },
            { value: 'preview', label: t('boutique.rich.preview'), icon: <EyeOutlined /> },
          ]}
        />
      </Flex>
      {mode === 'edit' ? (
        // biome-ignore lint/a11y/useSemanticElements: rich text needs contentEditable, a textarea holds plain text only
        <div
          ref={box}
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-label={ariaLabel}
          data-testid={testId}
          data-placeholder={t('boutique.rich.placeholder')}
          contentEditable
          suppressContentEditableWarning
          onInput={emit}
          onBlur={emit}
          style={{
            minHeight: 140,
            maxHeight: 360,
            overflowY: 'auto',
            padding: '8px 12px',
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadius,
            background: token.colorBgContainer,
            color: token.colorText,
            lineHeight: 1.8,
            outline: 'none',
          }}
        />
      ) : (
        <div
          style={{
            minHeight: 140,
            padding: '8px 12px',
            border: `1px dashed ${token.colorBorder}`,
            borderRadius: token.borderRadius,
          }}
        >
          <ProductRichTextView html={value} emptyText={t('boutique.rich.empty')} />
        </div>
      )}
    </Flex>
  );
}
