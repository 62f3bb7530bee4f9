import { QueryClient } from '@tanstack/react-query';

/** The console's one cache of server state (every signed-in page reads through it). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
