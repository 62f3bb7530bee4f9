import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/log-redaction.ts';

describe('request logs carry no credentials', () => {
  it('the stream token in the query is redacted, other parameters kept', () => {
    expect(redactUrl('/designerapi/v1/notifications/stream?token=abc123&_t=5')).toBe(
      '/designerapi/v1/notifications/stream?token=redacted&_t=5',
    );
    expect(redactUrl('/designerapi/v1/menu?_t=5')).toBe('/designerapi/v1/menu?_t=5');
    expect(redactUrl('/designerapi/v1/menu')).toBe('/designerapi/v1/menu');
  });
});
