import { theme } from 'antd';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface WayTab<K extends string> {
  key: K;
  label: string;
  children: ReactNode;
}

/**
 * The ways-in tabs of the login page: a tab list as antd's Tabs draws it (ink bar under the
 * active tab, arrow keys move between tabs), only the active panel mounted. Not antd's Tabs:
 * that one brings its overflow menu and dropdown (~30 KB gzip), more than the whole login form,
 * for three tabs that always fit.
 */
export function WaysTabs<K extends string>({
  items,
  activeKey,
  onChange,
}: {
  items: readonly WayTab<K>[];
  activeKey: K;
  onChange(key: K): void;
}) {
  const { token } = theme.useToken();
  const id = useId();
  const tabs = useRef(new Map<K, HTMLButtonElement>());
  const active = items.find((item) => item.key === activeKey) ?? items[0];

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = items.findIndex((item) => item.key === activeKey);
    const next = items[(index + step + items.length) % items.length];
    if (!next) return;
    onChange(next.key);
    tabs.current.get(next.key)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        tabIndex={-1}
        onKeyDown={onKeyDown}
        style={{
          display: 'flex',
          gap: token.marginXL,
          marginBottom: token.marginLG,
          borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        }}
      >
        {items.map((item) => {
          const selected = item.key === active?.key;
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) tabs.current.set(item.key, node);
                else tabs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.key)}
              style={{
                padding: `${token.paddingSM}px 0`,
                marginBottom: -token.lineWidth,
                border: 'none',
                borderBottom: `${token.lineWidthBold}px solid ${selected ? token.colorPrimary : 'transparent'}`,
                background: 'none',
                color: selected ? token.colorPrimary : token.colorText,
                font: 'inherit',
                fontSize: token.fontSize,
                cursor: 'pointer',
                transition: `color ${token.motionDurationMid}, border-color ${token.motionDurationMid}`,
              }}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div role="tabpanel" id={`${id}-panel-${active.key}`} aria-labelledby={`${id}-tab-${active.key}`}>
          {active.children}
        </div>
      )}
    </div>
  );
}
