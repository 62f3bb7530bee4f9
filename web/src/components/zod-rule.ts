import { z } from 'zod';

/**
 * antd Form rules from the contract's zod schemas, so a form checks exactly what the server
 * checks. The contract's own messages are English notes for developers; the user reads the
 * translated `message`, one for the field or one per kind of issue.
 *
 * Empty values (undefined, null, '', blanks) pass: whether a field may be empty is the
 * `required` rule's business, with its own "please enter…" message, so an empty field never
 * shows two errors at once.
 */
export type IssueMessage = string | ((issue: z.core.$ZodIssue) => string);

/** An antd validator rule (structurally an antd `RuleObject`). */
export interface ZodValidatorRule {
  validator(rule: unknown, value: unknown): Promise<void>;
}

/** What a whole-form rule reads from antd's FormInstance. */
export interface FormValuesReader {
  getFieldsValue(): unknown;
}

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function messageFor(issue: z.core.$ZodIssue, message: IssueMessage): string {
  return typeof message === 'string' ? message : message(issue);
}

/** Checks one field's value against that field's schema (`registerBodySchema.shape.phone`). */
export function zodFieldRule(schema: z.ZodType, message: IssueMessage): ZodValidatorRule {
  return {
    async validator(_rule, value) {
      if (isEmptyValue(value)) return;
      const result = await schema.safeParseAsync(value);
      const issue = result.error?.issues[0];
      if (issue) throw new Error(messageFor(issue, message));
    },
  };
}

/**
 * The form's values as the schema should see them: an empty optional field is absent (a blank
 * account name means "none", not an invalid one), and fields the schema does not know (a
 * password confirmation) are left out, since a strict object would refuse them.
 */
function valuesForSchema(schema: z.ZodType, values: Record<string, unknown>): Record<string, unknown> {
  const known = schema instanceof z.ZodObject ? new Set(Object.keys(schema.shape)) : undefined;
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => !isEmptyValue(value) && (!known || known.has(key))),
  );
}

/**
 * Checks one field with the whole form's schema, so refinements across fields apply (the
 * password must not be the account name). Only issues on this field count. zod runs an
 * object's refinements once its fields are valid, so a cross-field message appears when the rest
 * of the form is filled in correctly; list the other field in the Form.Item's `dependencies` to
 * re-check when it changes.
 */
export function zodFormRule(
  schema: z.ZodType,
  field: string,
  message: IssueMessage,
): (form: FormValuesReader) => ZodValidatorRule {
  return (form) => ({
    async validator(_rule, value) {
      if (isEmptyValue(value)) return;
      const current = form.getFieldsValue();
      const values = typeof current === 'object' && current !== null ? { ...current } : {};
      const result = await schema.safeParseAsync(valuesForSchema(schema, { ...values, [field]: value }));
      const issue = result.error?.issues.find((candidate) => candidate.path[0] === field);
      if (issue) throw new Error(messageFor(issue, message));
    },
  });
}
