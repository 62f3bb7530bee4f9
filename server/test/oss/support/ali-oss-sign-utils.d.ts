/** ali-oss's own V1 signing helpers (lib/common/signUtils.js), used to sign test requests independently of the store. */
declare module 'ali-oss/lib/common/signUtils.js' {
  const signUtils: {
    buildCanonicalString(
      method: string,
      resourcePath: string,
      request: { headers: Record<string, string>; parameters?: Record<string, string | number | null> },
      expires?: string,
    ): string;
    authorization(accessKeyId: string, accessKeySecret: string, canonicalString: string): string;
  };
  export default signUtils;
}
