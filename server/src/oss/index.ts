/** The embedded object store, and what other modules (VOD uploads) use of it. */
export {
  type CredentialScope,
  designerPrefix,
  issueUploadCredentials,
  openCredentialAuthority,
  type UploadCredentials,
} from './credentials.ts';
export { objectStorePublicUrl } from './public-url.ts';
export { type ObjectStoreHandle, startObjectStore } from './server.ts';
export { signedUrlQuery } from './signature.ts';
