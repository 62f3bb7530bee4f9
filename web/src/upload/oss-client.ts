import { MultipartClient, type MultipartClientOptions, type StoreRequest } from './multipart-client.ts';
import { authorization, canonicalResource, type SigningCredentials } from './oss-sign.ts';

export interface OssClientOptions extends MultipartClientOptions {
  credentials: SigningCredentials;
}

/** Alibaba OSS (and the embedded store): OSS V1 signatures with `x-oss-security-token`. */
export class OssClient extends MultipartClient {
  readonly protocol = 'oss';
  protected readonly requestIdHeader = 'x-oss-request-id';

  constructor(private readonly oss: OssClientOptions) {
    super(oss);
  }

  protected async signedHeaders(request: StoreRequest): Promise<Record<string, string>> {
    const { credentials, location } = this.oss;
    const headers: Record<string, string> = {
      'x-oss-date': new Date(this.oss.now()).toUTCString(),
      'x-oss-security-token': credentials.securityToken,
    };
    if (request.contentType) headers['Content-Type'] = request.contentType;
    headers.Authorization = await authorization(credentials, {
      method: request.method,
      headers,
      resource: canonicalResource(location.bucket, request.key, request.subResources),
    });
    return headers;
  }
}
