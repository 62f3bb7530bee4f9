import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * One labelled field of the password form, drawn as antd's vertical Form.Item draws one (label
 * above, the error under the control in the error colour). Not antd's Form: it brings its field
 * store, validator and layout grid (about 28 KB gzip) to the login page's first paint, for two
 * fields that are only ever required (issue 21 item 2).
 */
export function StartField({
  id,
  label,
  error,
  children,
}: {
  /** The control's id, which the label names. */
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 0 : token.marginLG }}>
      <div style={{ paddingBottom: token.paddingXS, lineHeight: token.lineHeight }}>
        <label htmlFor={id} style={{ color: token.colorTextHeading, fontSize: token.fontSize }}>
          {label}
        </label>
      </div>
      {children}
      {error && (
        <div
          id={`${id}-error`}
          role="alert"
          style={{
            minHeight: token.marginLG,
            color: token.colorError,
            fontSize: token.fontSize,
            lineHeight: token.lineHeight,
          }}
        >
          {error}
        </div>
      )}
    </div>
  );
}
