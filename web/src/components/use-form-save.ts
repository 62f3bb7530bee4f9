import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useSaveError } from './use-save-error.ts';

/**
 * Saving a dialog's form: on success say so, reload what shows the saved data, then close;
 * on failure the server's word goes on the fields (see useSaveError).
 */
export function useFormSave<Values>({
  form,
  save,
  savedText,
  reload,
  onSaved,
}: {
  form: FormInstance<Values>;
  save(values: Values): Promise<unknown>;
  savedText: string;
  /** The queries that show what was saved. */
  reload: QueryKey;
  onSaved(): void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const showSaveError = useSaveError(form);
  return useMutation({
    mutationFn: save,
    onSuccess: async () => {
      void message.success(savedText);
      await queryClient.invalidateQueries({ queryKey: reload });
      onSaved();
    },
    onError: showSaveError,
  });
}
