import type { PackRow } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Flex, Skeleton } from 'antd';
import { useT } from '../../locales/index.ts';
import { PackTraceTree } from './PackTraceTree.tsx';
import type { SummaryNames } from './pack-summary.ts';
import { fetchTrace, packKeys } from './service.ts';

export interface PackTraceDrawerProps {
  pack: PackRow;
  fan: { id: number; nickname: string } | undefined;
  names: SummaryNames;
  onClose(): void;
}

/** "Why is this fan in the pack" (issue 8 item 5): membership then and now, node by node. */
export function PackTraceDrawer({ pack, fan, names, onClose }: PackTraceDrawerProps) {
  const t = useT();
  const trace = useQuery({
    queryKey: packKeys.trace(pack.id, fan?.id ?? 0),
    queryFn: ({ signal }) => fetchTrace(pack.id, fan!.id, signal),
    enabled: fan !== undefined,
  });
  return (
    <Drawer
      open={fan !== undefined}
      onClose={onClose}
      size={520}
      title={fan ? t('crowdPacks.trace.title', { name: fan.nickname }) : ''}
      data-testid="pack-trace"
    >
      {!trace.data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Alert
            type={trace.data.member ? 'success' : 'warning'}
            showIcon
            title={trace.data.member ? t('crowdPacks.trace.member') : t('crowdPacks.trace.notMember')}
            description={
              trace.data.matchesNow ? t('crowdPacks.trace.matchesNow') : t('crowdPacks.trace.notMatchesNow')
            }
          />
          <PackTraceTree pack={pack} nodes={trace.data.nodes} names={names} />
        </Flex>
      )}
    </Drawer>
  );
}
