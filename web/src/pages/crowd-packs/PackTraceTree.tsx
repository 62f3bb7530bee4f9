import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { PackRow, RuleNode } from '@dc/contract';
import { Flex, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../locales/index.ts';
import { conditionText, type SummaryNames } from './pack-summary.ts';

function Mark({ met, children }: { met: boolean | undefined; children: ReactNode }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Flex gap={8} align="center" data-testid="trace-node" data-met={met ? 'true' : 'false'}>
      {met ? (
        <CheckCircleFilled style={{ color: token.colorSuccess }} aria-label={t('crowdPacks.trace.met')} />
      ) : (
        <CloseCircleFilled style={{ color: token.colorError }} aria-label={t('crowdPacks.trace.notMet')} />
      )}
      <span>{children}</span>
    </Flex>
  );
}

function RuleTrace({
  node,
  path,
  nodes,
  names,
}: {
  node: RuleNode;
  path: string;
  nodes: Record<string, boolean>;
  names: SummaryNames;
}) {
  const t = useT();
  const { token } = theme.useToken();
  if (node.type === 'condition') return <Mark met={nodes[path]}>{conditionText(node, t, names)}</Mark>;
  return (
    <Flex vertical gap={6}>
      <Mark met={nodes[path]}>
        <Tag>{t(node.op === 'and' ? 'crowdPacks.group.and' : 'crowdPacks.group.or')}</Tag>
      </Mark>
      <Flex
        vertical
        gap={6}
        style={{ paddingInlineStart: 20, borderInlineStart: `2px solid ${token.colorBorderSecondary}` }}
      >
        {node.children.map((child, index) => (
          <RuleTrace
            // biome-ignore lint/suspicious/noArrayIndexKey: a node's identity is its position
            key={index}
            node={child}
            path={`${path}.children.${index}`}
            nodes={nodes}
            names={names}
          />
        ))}
      </Flex>
    </Flex>
  );
}

/** Each condition (rule pack) or source pack (combined pack) with whether the fan met it. */
export function PackTraceTree({
  pack,
  nodes,
  names,
}: {
  pack: PackRow;
  nodes: Record<string, boolean>;
  names: SummaryNames;
}) {
  const t = useT();
  if (pack.rule) return <RuleTrace node={pack.rule} path="rule" nodes={nodes} names={names} />;
  const combination = pack.combination!;
  const packName = (id: number) => pack.sources.find((s) => s.id === id)?.name ?? `#${id}`;
  return (
    <Flex vertical gap={8}>
      {combination.include.map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a group's identity is its position
        <Flex key={g} vertical gap={4}>
          <Mark met={nodes[`combination.include.${g}`]}>
            <Typography.Text strong>{t('crowdPacks.combined.group', { n: g + 1 })}</Typography.Text>
          </Mark>
          <Flex vertical gap={4} style={{ paddingInlineStart: 20 }}>
            {group.map((id, i) => (
              <Mark key={id} met={nodes[`combination.include.${g}.${i}`]}>
                {packName(id)}
              </Mark>
            ))}
          </Flex>
        </Flex>
      ))}
      {combination.exclude.length > 0 && (
        <Flex vertical gap={4}>
          <Typography.Text strong>{t('crowdPacks.trace.excludeAny')}</Typography.Text>
          {combination.exclude.map((id, i) => (
            <Flex key={id} gap={8} style={{ paddingInlineStart: 20 }} data-testid="trace-node">
              <Tag color={nodes[`combination.exclude.${i}`] ? 'red' : 'default'}>
                {nodes[`combination.exclude.${i}`]
                  ? t('crowdPacks.trace.inPack')
                  : t('crowdPacks.trace.notInPack')}
              </Tag>
              {packName(id)}
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
