import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';

export interface FormModalProps<Values> {
  /** Open unless told otherwise: most are mounted only while open. */
  open?: boolean;
  title: ReactNode;
  okText: ReactNode;
  cancelText: ReactNode;
  /** The dialog's form; OK submits it, so its rules run before `onFinish`. */
  form: FormInstance<Values>;
  initialValues?: Partial<Values>;
  saving: boolean;
  onFinish(values: Values): void;
  onClose(): void;
  'data-testid'?: string;
  /** The form's fields. */
  children: ReactNode;
}

/** A dialog around one vertical form: OK submits it, the fields start afresh each time it opens. */
export function FormModal<Values>({
  open = true,
  title,
  okText,
  cancelText,
  form,
  initialValues,
  saving,
  onFinish,
  onClose,
  'data-testid': testId,
  children,
}: FormModalProps<Values>) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={cancelText}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid={testId}
        initialValues={initialValues}
        onFinish={onFinish}
      >
        {children}
      </Form>
    </Modal>
  );
}
