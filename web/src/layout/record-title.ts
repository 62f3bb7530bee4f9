import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';

/**
 * The title of the record a detail page shows (a video's title, a fan's nickname), by the page's
 * pathname: the breadcrumb ends with it instead of the route's generic 视频详情. Each open tab's
 * page keeps its own entry while it is mounted.
 */
interface RecordTitles {
  byPath: Readonly<Record<string, string>>;
  set(path: string, title: string | undefined): void;
}

export const useRecordTitles = create<RecordTitles>()((set) => ({
  byPath: {},
  set: (path, title) =>
    set(({ byPath }) => {
      if (byPath[path] === title) return {};
      const next = { ...byPath };
      if (title) next[path] = title;
      else delete next[path];
      return { byPath: next };
    }),
}));

/** Names the record of the page on show at its own location (a hidden tab's page included). */
export function useRecordTitle(title: string | undefined): void {
  const { pathname } = useLocation();
  const setTitle = useRecordTitles((s) => s.set);
  useEffect(() => {
    setTitle(pathname, title);
    return () => setTitle(pathname, undefined);
  }, [pathname, title, setTitle]);
}
