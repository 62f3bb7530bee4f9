import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form } from 'antd';
import { type ReactNode, useState } from 'react';
import { FormModal } from '../../components/FormModal.tsx';
import { useSaveError } from '../../components/use-save-error.ts';
import { useT } from '../../locales/index.ts';
import { fanKeys } from './service.ts';

export interface FanCollectionCardProps<Values> {
  fanId: number;
  title: string;
  /** The add button's and the add dialog's title. */
  addText: string;
  emptyText: string;
  empty: boolean;
  add(values: Values): Promise<unknown>;
  remove(itemId: number): Promise<unknown>;
  /** The add dialog's fields. */
  fields: ReactNode;
  /** The items, given the call that removes one (it reloads the fan). */
  children(remove: (itemId: number) => Promise<unknown>): ReactNode;
}

/**
 * A list on the fan's detail that the designer adds to through a dialog and removes from (photos,
 * wardrobe); every change reloads the fan.
 */
export function FanCollectionCard<Values>({
  fanId,
  title,
  addText,
  emptyText,
  empty,
  add,
  remove,
  fields,
  children,
}: FanCollectionCardProps<Values>) {
  const t = useT();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<Values>();
  const showSaveError = useSaveError(form);
  const refresh = () => queryClient.invalidateQueries({ queryKey: fanKeys.detail(fanId) });
  const addItem = useMutation({
    mutationFn: add,
    onSuccess: async () => {
      setAdding(false);
      form.resetFields();
      await refresh();
    },
    onError: showSaveError,
  });
  const removeItem = useMutation({ mutationFn: remove, onSuccess: refresh });
  return (
    <Card
      title={title}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {addText}
        </Button>
      }
    >
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : (
        children((itemId) => removeItem.mutateAsync(itemId))
      )}
      <FormModal
        open={adding}
        title={addText}
        okText={t('fans.detail.add')}
        cancelText={t('fans.detail.cancel')}
        form={form}
        saving={addItem.isPending}
        onClose={() => setAdding(false)}
        onFinish={(values) => addItem.mutate(values)}
      >
        {fields}
      </FormModal>
    </Card>
  );
}
