export * from './accounts.ts';
export * from './vault.ts';
