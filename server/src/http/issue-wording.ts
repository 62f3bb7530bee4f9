import { type LocalizedIssueParams, schemaWordingOf } from '@dc/contract';
import { message, type Wording } from './messages.ts';
import { validationMessages as m } from './validation-messages.ts';
import { UNWORDED_ISSUE } from './validator-compiler.ts';

/** A zod issue as the validator compiler hands it to the error handler. */
export interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown> & { leftOut?: boolean; params?: Partial<LocalizedIssueParams> };
}

const list = (values: unknown[]) => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));

function typeWording(field: string, expected: unknown, leftOut: boolean): Wording {
  if (leftOut) return message(m.required, { field });
  switch (expected) {
    case 'number':
    case 'bigint':
    case 'nan':
      return message(m.mustBeNumber, { field });
    case 'int':
      return message(m.mustBeInteger, { field });
    case 'string':
      return message(m.mustBeText, { field });
    case 'boolean':
      return message(m.mustBeBoolean, { field });
    case 'array':
    case 'tuple':
    case 'set':
      return message(m.mustBeList, { field });
    case 'object':
    case 'record':
    case 'map':
      return message(m.mustBeObject, { field });
    case 'file':
      return message(m.mustBeFile, { field });
    case 'date':
      return message(m.mustBeDate, { field });
    case 'undefined':
    case 'never':
    case 'void':
      return message(m.mustBeAbsent, { field });
    case 'nonoptional':
      return message(m.required, { field });
    default:
      return message(m.wrongType, { field });
  }
}

function sizeWording(field: string, p: Record<string, unknown>, side: 'min' | 'max'): Wording {
  const limit = String(side === 'min' ? p.minimum : p.maximum);
  const inclusive = p.inclusive !== false;
  switch (p.origin) {
    case 'string':
      if (p.exact) return message(m.textExactly, { field, count: limit });
      if (side === 'min')
        return limit === '1' ? message(m.notEmpty, { field }) : message(m.textAtLeast, { field, min: limit });
      return message(m.textAtMost, { field, max: limit });
    case 'array':
    case 'set':
      if (p.exact) return message(m.itemsExactly, { field, count: limit });
      return side === 'min'
        ? message(m.itemsAtLeast, { field, min: limit })
        : message(m.itemsAtMost, { field, max: limit });
    case 'file':
      return side === 'min' ? message(m.notEmpty, { field }) : message(m.bytesAtMost, { field, max: limit });
    case 'date': {
      const day = new Date(Number(limit)).toISOString().slice(0, 10);
      return side === 'min'
        ? message(m.dateAtLeast, { field, min: day })
        : message(m.dateAtMost, { field, max: day });
    }
    default:
      if (side === 'min')
        return inclusive
          ? message(m.numberAtLeast, { field, min: limit })
          : message(m.numberAbove, { field, min: limit });
      return inclusive
        ? message(m.numberAtMost, { field, max: limit })
        : message(m.numberBelow, { field, max: limit });
  }
}

function formatWording(field: string, p: Record<string, unknown>): Wording {
  switch (p.format) {
    case 'email':
      return message(m.formatEmail, { field });
    case 'url':
      return message(m.formatUrl, { field });
    case 'datetime':
    case 'date':
    case 'time':
      return message(m.formatDate, { field });
    case 'starts_with':
      return message(m.startsWith, { field, prefix: String(p.prefix) });
    case 'ends_with':
      return message(m.endsWith, { field, suffix: String(p.suffix) });
    case 'includes':
      return message(m.includes, { field, text: String(p.includes) });
    default:
      return message(m.format, { field });
  }
}

/** The sentence for an issue from its code and details alone, naming the field. */
function wordingByCode(field: string, code: string | undefined, p: Record<string, unknown>): Wording {
  switch (code) {
    case 'invalid_type':
      return typeWording(field, p.expected, p.leftOut === true);
    case 'too_small':
      return p.leftOut === true ? message(m.required, { field }) : sizeWording(field, p, 'min');
    case 'too_big':
      return sizeWording(field, p, 'max');
    case 'invalid_value': {
      const values = list(Array.isArray(p.values) ? p.values : []);
      if (p.leftOut === true) return message(m.required, { field });
      if (values.length === 1) return message(m.exactly, { field, value: values[0] ?? '' });
      return {
        'zh-CN': message(m.oneOf, { field, values: values.join('、') })['zh-CN'],
        'en-US': message(m.oneOf, { field, values: values.join(', ') })['en-US'],
      };
    }
    case 'invalid_format':
      return formatWording(field, p);
    case 'not_multiple_of':
      return message(m.multipleOf, { field, divisor: String(p.divisor) });
    case 'unrecognized_keys':
      return message(m.unknownField, { field });
    default:
      return p.leftOut === true ? message(m.required, { field }) : message(m.invalid, { field });
  }
}

/**
 * A schema failure as a sentence in every language. A field that words its message in both
 * languages (the shared date field) keeps that wording; a schema's own English message gets its
 * Chinese from the contract's wordings, else the Chinese says what the issue's details say; zod's
 * default English (marked UNWORDED_ISSUE) is never used.
 */
export function issueWording(field: string, issue: ValidationIssue): Wording {
  const params = issue.params ?? {};
  const localized = params.params?.localizedMessage;
  if (localized) return localized;
  const byCode = wordingByCode(field, issue.keyword, params);
  const own = issue.message;
  if (!own || own === UNWORDED_ISSUE) return byCode;
  const known = schemaWordingOf(own);
  return {
    'zh-CN': known ? message(m.schemaWording, { field, detail: known['zh-CN'] })['zh-CN'] : byCode['zh-CN'],
    'en-US': message(m.schemaWording, { field, detail: own })['en-US'],
  };
}
