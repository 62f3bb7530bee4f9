import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { PackState } from '@dc/contract';
import { Tag } from 'antd';
import { useT } from '../../locales/index.ts';

const looks: Record<PackState, { color: string; icon: React.ReactNode }> = {
  computing: { color: 'processing', icon: <SyncOutlined spin /> },
  ready: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
};

/** computing / ready / failed, with a failed pack's reason as its title. */
export function PackStateTag({ state, failure }: { state: PackState; failure?: string }) {
  const t = useT();
  return (
    <Tag color={looks[state].color} icon={looks[state].icon} title={failure || undefined}>
      {t(`crowdPacks.state.${state}`)}
    </Tag>
  );
}
