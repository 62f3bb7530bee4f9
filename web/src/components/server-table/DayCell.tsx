/**
 * A date-time in a narrow list column: the day on one line, the full time on hover. Lists with
 * many columns (fans, pack members) have no room for the time at 1366 px.
 */
export function DayCell({ at }: { at: string | null | undefined }) {
  if (!at) return <>—</>;
  return (
    <span title={at} style={{ whiteSpace: 'nowrap' }}>
      {at.slice(0, 10)}
    </span>
  );
}
