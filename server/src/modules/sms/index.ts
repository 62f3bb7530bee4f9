/** The sms area's front door: what other areas and the app use of it. */
export { smsRoutes } from './routes.ts';
export { maskPhone } from './sender.ts';
export { consumeCode, listOutbox, verifyCode } from './service.ts';
