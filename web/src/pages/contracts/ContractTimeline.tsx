import type { ContractEvent } from '@dc/contract';
import { Flex, Timeline, Typography } from 'antd';
import { useLanguage, useT } from '../../locales/index.ts';
import { contractLabels, timelineColor } from './contract-labels.ts';

/** The contract's state changes, oldest first: what happened, who did it, the note, the time. */
export function ContractTimeline({ events }: { events: ContractEvent[] }) {
  const t = useT();
  const labels = contractLabels(useLanguage((s) => s.language));
  const change = (event: ContractEvent) => {
    if (event.toStatus === null) return null;
    return event.fromStatus === null
      ? t('contract.detail.created', { to: labels.status(event.toStatus) })
      : t('contract.detail.transition', {
          from: labels.status(event.fromStatus),
          to: labels.status(event.toStatus),
        });
  };
  return (
    <Timeline
      data-testid="contract-timeline"
      items={events.map((event) => ({
        key: event.id,
        color: timelineColor(event.toStatus),
        content: (
          <Flex vertical gap={2} data-testid="contract-event" data-kind={event.kind}>
            <Flex gap={8} wrap align="baseline">
              <Typography.Text strong>{labels.event(event.kind)}</Typography.Text>
              <Typography.Text type="secondary">{event.actorName}</Typography.Text>
              {change(event) ? <Typography.Text type="secondary">{change(event)}</Typography.Text> : null}
            </Flex>
            {event.note ? <span>{event.note}</span> : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {event.at}
            </Typography.Text>
          </Flex>
        ),
      }))}
    />
  );
}
