import type { Impression } from '@dc/contract';
import { theme } from 'antd';
import { useId, useMemo } from 'react';
import { useT } from '../../locales/index.ts';
import { layoutWordCloud } from './word-cloud.ts';

/** The cloud's colours: readable on the light and the dark card alike. */
const PALETTE = ['#593BFF', '#13A8A8', '#FA8C16', '#EB2F96', '#52C41A', '#2F54EB', '#D4380D', '#722ED1'];

export interface ImpressionCloudProps {
  impressions: Impression[];
  selectedId: number | null;
  onSelect(id: number): void;
}

/** The word cloud (issue 7 item 6): an SVG of the words sized by fan count, each one a button. */
export function ImpressionCloud({ impressions, selectedId, onSelect }: ImpressionCloudProps) {
  const t = useT();
  const { token } = theme.useToken();
  const titleId = useId();
  const layout = useMemo(
    () =>
      layoutWordCloud(impressions.map((item) => ({ id: item.id, word: item.word, count: item.fanCount }))),
    [impressions],
  );
  const { bounds } = layout;
  return (
    <section aria-label={t('impressions.cloudLabel')} data-testid="impression-cloud">
      <svg
        aria-labelledby={titleId}
        viewBox={`${bounds.x} ${bounds.y} ${bounds.width} ${bounds.height}`}
        style={{ width: '100%', height: 320, display: 'block' }}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{t('impressions.cloudLabel')}</title>
        {layout.words.map((word) => {
          const selected = word.id === selectedId;
          const select = () => onSelect(word.id);
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG text cannot be a <button>; role and keys make it one.
            <text
              key={word.id}
              role="button"
              tabIndex={0}
              aria-pressed={selected}
              aria-label={`${word.word} ${t('impressions.people', { count: word.count })}`}
              data-word={word.word}
              data-count={word.count}
              x={word.x}
              y={word.y}
              textAnchor="middle"
              dominantBaseline="central"
              fontSize={word.fontSize}
              fontWeight={selected ? 700 : 500}
              fill={PALETTE[word.colorIndex % PALETTE.length]}
              opacity={selectedId === null || selected ? 1 : 0.55}
              style={{ cursor: 'pointer', outlineColor: token.colorPrimary }}
              onClick={select}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  select();
                }
              }}
            >
              <title>{t('impressions.people', { count: word.count })}</title>
              {word.word}
            </text>
          );
        })}
      </svg>
    </section>
  );
}
