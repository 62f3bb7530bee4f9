import { Typography } from 'antd';

export interface ProductRichTextViewProps {
  /** HTML as the server stored it: already reduced to its allow-list (see server/src/http/sanitize-html.ts). */
  html: string;
  emptyText?: string;
  'data-testid'?: string;
}

/** A description or brand story, shown as formatted text. */
export function ProductRichTextView({ html, emptyText, 'data-testid': testId }: ProductRichTextViewProps) {
  if (html.trim() === '') return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  return (
    <Typography>
      <div
        className="boutique-rich-text"
        data-testid={testId}
        style={{ lineHeight: 1.8, overflowWrap: 'anywhere' }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores only sanitised, allow-listed HTML
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Typography>
  );
}
