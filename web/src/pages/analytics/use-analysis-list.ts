import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePeriod } from './PeriodBar.tsx';
import type { PeriodChoice } from './period.ts';
import { type AnalysisPath, analyticsKeys, downloadCsv } from './service.ts';
import { type TableState, useTableState } from './table-state.ts';

/** What every analysis list answers: a page of rows, their count, and when they were computed. */
export interface AnalysisPage<Row> {
  dataList: Row[];
  totalNumber: number;
  computedAt: string;
}

export interface AnalysisListOptions<
  S extends string,
  F extends object,
  P,
  A extends AnalysisPath = AnalysisPath,
> {
  /** The list's path parameters and CSV export (`fansPath`, …); null for no list. */
  path: A | null;
  /** The sort before the user picks one (descending). */
  sortBy: S;
  /** What narrows the rows besides paging and sorting, from the period chosen. */
  filter(period: PeriodChoice): F;
  fetch(path: NoInfer<A>, query: NoInfer<F> & TableState<NoInfer<S>>): Promise<P>;
  enabled?: boolean;
}

/**
 * An analysis list's rows: the period (in the address), paging and sorting on the server, the
 * query, and the CSV export of the rows as sorted. A new period goes back to page 1.
 */
export function useAnalysisList<
  S extends string,
  F extends object,
  P extends AnalysisPage<unknown>,
  A extends AnalysisPath = AnalysisPath,
>({ path, sortBy, filter, fetch, enabled = true }: AnalysisListOptions<S, F, P, A>) {
  const [period, setPeriod] = usePeriod();
  const table = useTableState<S>(sortBy);
  const query = { ...filter(period), ...table.state };
  const list = useQuery({
    queryKey: analyticsKeys.list(path, query),
    queryFn: () => fetch(path as A, query),
    placeholderData: keepPreviousData,
    enabled: enabled && path !== null,
  });
  return {
    period,
    table,
    list,
    /** For the list's frame: the period, when computed, and the export. */
    frame: {
      period,
      computedAt: list.data?.computedAt,
      onExport: () =>
        path
          ? downloadCsv(path, { ...filter(period), sortBy: table.state.sortBy, order: table.state.order })
          : Promise.resolve(),
    },
    /** Lets the user change the period (lists that are not of one period leave it out). */
    onPeriod: (next: PeriodChoice) => {
      table.reset();
      setPeriod(next);
    },
  };
}
