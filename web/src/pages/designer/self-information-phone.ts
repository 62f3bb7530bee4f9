import type { FieldFailure } from '../../components/form-failure.ts';
import type { MessageKey, Translate } from '../../locales/index.ts';

/** `138****0001`: how the screen shows a mobile number; anything else is shown as it is. */
export const maskPhone = (phone: string): string =>
  /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;

/** Field notes of modifyPhone / sendCode a designer can meet here, in the designer's language. */
const phoneNotes: ReadonlyMap<string, MessageKey> = new Map([
  ['this is already your phone', 'selfInfo.phone.same'],
  ['not the phone of this account', 'selfInfo.phone.notOwn'],
  ['the code sent to the current phone is required', 'selfInfo.phone.oldCodeNeeded'],
]);

/**
 * The phone modal has two forms: the current phone's code (`oldCode`, step one) and the new
 * phone with its code (step two). A failed modifyPhone names fields of either; this sorts them
 * to their form and says the known notes in the designer's language.
 */
export function splitPhoneFailures(
  fields: readonly FieldFailure[],
  t: Translate,
): { current: FieldFailure[]; next: FieldFailure[] } {
  const translated = fields.map((field) => ({
    name: field.name,
    errors: field.errors.map((note) => {
      const key = phoneNotes.get(note);
      return key ? t(key) : note;
    }),
  }));
  return {
    current: translated.filter((field) => field.name[0] === 'oldCode'),
    next: translated.filter((field) => field.name[0] !== 'oldCode'),
  };
}
