import { ONE_LINE_TEXT } from './fit-columns.ts';

/**
 * A date-time in a narrow list column: the day on one line, the full time on hover. Lists with
 * many columns (fans, pack members) have no room for the time at 1366 px.
 */
export function DayCell({ at }: { at: string | null | undefined }) {
  if (!at) return <>—</>;
  return (
    <span title={at} style={ONE_LINE_TEXT}>
      {at.slice(0, 10)}
    </span>
  );
}
