export * from './accounts.ts';
export * from './notifications.ts';
export * from './vault.ts';
