import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { type MessageKey, useT } from '../../locales/index.ts';
import { courseKeys, deleteCourse, putCourseOnSale, takeCourseOffShelf } from './service.ts';

/** On sale, off shelf and delete, each refreshing every course query when done. */
export function useCourseActions() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const options = <T>(call: (id: number) => Promise<T>, done: MessageKey) => ({
    mutationFn: call,
    onSuccess: async () => {
      message.success(t(done));
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
  return {
    onSale: useMutation(options(putCourseOnSale, 'course.done.onSale')),
    offShelf: useMutation(options(takeCourseOffShelf, 'course.done.offShelf')),
    remove: useMutation(options(deleteCourse, 'course.done.delete')),
  };
}
