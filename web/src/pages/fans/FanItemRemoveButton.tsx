import { Button, Popconfirm } from 'antd';
import type { CSSProperties } from 'react';
import { useT } from '../../locales/index.ts';

/** Removes one photo or garment from the fan's detail, after the designer confirms. */
export function FanItemRemoveButton({
  onRemove,
  style,
}: {
  onRemove(): Promise<unknown>;
  style?: CSSProperties;
}) {
  const t = useT();
  return (
    <Popconfirm
      title={t('fans.detail.removeConfirm')}
      okText={t('fans.detail.remove')}
      cancelText={t('fans.detail.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onRemove}
    >
      <Button type="link" danger size="small" style={style}>
        {t('fans.detail.remove')}
      </Button>
    </Popconfirm>
  );
}
