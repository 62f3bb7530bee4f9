import { useT } from '../../locales/index.ts';
import { ImageDropzone } from './ImageDropzone.tsx';

/**
 * The designer's avatar as an upload (the server keeps only the designer's own pictures), for
 * the designer information and personal center forms. A Form.Item child: `value` is the
 * picture's lasting address, empty for the default avatar.
 */
export function AvatarDropzone({
  value,
  onChange,
  label,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  id?: string;
}) {
  const t = useT();
  return (
    <ImageDropzone
      value={value}
      onChange={onChange}
      label={label}
      id={id}
      texts={{
        hint: t('avatar.hint'),
        uploading: t('avatar.uploading'),
        failed: t('avatar.failed'),
        remove: t('avatar.remove'),
      }}
    />
  );
}
