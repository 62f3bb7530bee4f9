import { App, type FormInstance } from 'antd';
import { fieldErrorsOf, isApiRequestError } from '../request/index.ts';

/**
 * What a form shows when saving fails: the server's word on each field goes on that field;
 * a failure that names no field shows its message.
 */
export function useSaveError<Values>(form: FormInstance<Values>): (error: unknown) => void {
  const { message } = App.useApp();
  return (error) => {
    const fields = fieldErrorsOf<Parameters<FormInstance<Values>['setFields']>[0][number]>(error);
    if (fields.length > 0) form.setFields(fields);
    else if (isApiRequestError(error)) void message.error(error.msg);
  };
}
